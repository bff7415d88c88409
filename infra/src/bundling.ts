import { OutputFormat, type BundlingOptions } from 'aws-cdk-lib/aws-lambda-nodejs';

/**
 * The one set of bundling options for every service function. The CDK app passes
 * `SERVICE_BUNDLING` to NodejsFunction; the benchmark script reuses `esbuildOptions`
 * to bundle an entry the same way and measure its size.
 */

/** ESM bundles have no `require`; some CommonJS dependencies still call it. */
export const ESM_REQUIRE_SHIM = "import { createRequire } from 'module'; const require = createRequire(import.meta.url);";

export const NODE_TARGET = 'node20';

/** The Node.js 20 runtime ships AWS SDK v3: keep it out of the bundle. */
export const EXTERNAL_MODULES = ['@aws-sdk/*'];

/** Prefer ESM entry points so esbuild can tree-shake. */
export const MAIN_FIELDS = ['module', 'main'];

export const SERVICE_BUNDLING: BundlingOptions = {
  format: OutputFormat.ESM,
  target: NODE_TARGET,
  minify: true,
  sourceMap: false,
  externalModules: EXTERNAL_MODULES,
  mainFields: MAIN_FIELDS,
  banner: ESM_REQUIRE_SHIM,
};

/**
 * The same options in esbuild's own shape (`esbuild.build(esbuildOptions(entry, out))`),
 * producing `<outfile>` exactly as NodejsFunction would produce `index.mjs`.
 */
export function esbuildOptions(entry: string, outfile: string) {
  return {
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node' as const,
    format: 'esm' as const,
    target: NODE_TARGET,
    minify: true,
    sourcemap: false,
    external: EXTERNAL_MODULES,
    mainFields: MAIN_FIELDS,
    banner: { js: ESM_REQUIRE_SHIM },
    outExtension: { '.js': '.mjs' },
  };
}
