import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Runtime } from 'aws-cdk-lib/aws-lambda';
import { OutputFormat, type BundlingOptions } from 'aws-cdk-lib/aws-lambda-nodejs';
import type { FunctionAccess } from '@sneakers/shared/runtime/function';

/**
 * The one set of bundling options for every service function. The CDK app passes
 * `SERVICE_BUNDLING` to NodejsFunction; the benchmark script reuses `esbuildOptions`
 * to bundle an entry the same way and measure its size.
 */

/** ESM bundles have no `require`; some CommonJS dependencies still call it. */
export const ESM_REQUIRE_SHIM =
  "import { createRequire } from 'module'; const require = createRequire(import.meta.url);";

/**
 * The Lambda runtime and the matching esbuild target: change both together. Lambda's
 * nodejs20.x is deprecated (creation stops 2027-02-01), so functions run on Node 24;
 * the code itself also runs on the Node 20.19+ that developers and the local cloud use.
 */
export const NODE_RUNTIME = Runtime.NODEJS_24_X;
export const NODE_TARGET = 'node24';

/**
 * Provided at run time, so kept out of the bundle: the AWS SDK v3 by the Lambda runtime;
 * the tracer (with the X-Ray SDK) and the batch processing by the official Powertools layer,
 * loaded only where a function uses them. The logger and metrics every function loads at
 * its cold start are bundled: one minified file loads in a fraction of the time their ~40
 * modules take from the layer (docs/adr/0018-cold-starts.md).
 */
export const EXTERNAL_MODULES = [
  '@aws-sdk/*',
  '@aws-lambda-powertools/tracer',
  '@aws-lambda-powertools/tracer/*',
  '@aws-lambda-powertools/batch',
  'aws-xray-sdk-core',
];

/**
 * Powertools for AWS Lambda (TypeScript) v2 layer, published by AWS in every commercial
 * region. Keep its major version equal to the @aws-lambda-powertools packages in the lockfile.
 */
export const POWERTOOLS_LAYER_ACCOUNT = '094274105915';
export const POWERTOOLS_LAYER_NAME = 'AWSLambdaPowertoolsTypeScriptV2';
export const POWERTOOLS_LAYER_VERSION = 44;

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

const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));

/**
 * Packages a function needs on a few of its calls only, each minified into a module of its own
 * beside the function's bundle (`node_modules/<package>/index.mjs` in the asset) and loaded by
 * a dynamic `import()` on first use, so the other calls never pay for it
 * (docs/adr/0026-lazy-provider-sdk.md): the payment provider's SDK, about as large as a whole
 * function, and the spreadsheet readers, which only the calls that read or write a file use.
 */
export function lazyModulesOf(access: FunctionAccess): string[] {
  return [
    ...(access.paymentProvider ? ['stripe'] : []),
    ...(access.migrationFiles ? ['papaparse', 'read-excel-file/node'] : []),
  ];
}

/** The bundling options of a function with these permissions (`lazyModulesOf`). */
export function serviceBundling(access: FunctionAccess): BundlingOptions {
  const lazy = lazyModulesOf(access);
  if (lazy.length === 0) return SERVICE_BUNDLING;
  return {
    ...SERVICE_BUNDLING,
    externalModules: [...EXTERNAL_MODULES, ...lazy],
    commandHooks: {
      beforeBundling: () => [],
      beforeInstall: () => [],
      // Runs in the repository's root (NodejsFunction's project root) after the main bundle.
      afterBundling: (_inputDir, outputDir) =>
        lazy.map((name) => `npx --no-install tsx infra/src/build-lazy-module.ts ${name} '${outputDir}'`),
    },
  };
}

const common = {
  bundle: true,
  platform: 'node' as const,
  format: 'esm' as const,
  target: NODE_TARGET,
  minify: true,
  sourcemap: false,
  mainFields: MAIN_FIELDS,
  banner: { js: ESM_REQUIRE_SHIM },
};

/**
 * The same options in esbuild's own shape (`esbuild.build(esbuildOptions(entry, out))`),
 * producing `<outfile>` (name it `index.mjs`) as NodejsFunction produces its asset; the
 * function's lazy modules stay out of it.
 */
export function esbuildOptions(entry: string, outfile: string, lazyModules: string[] = []) {
  return { ...common, entryPoints: [entry], outfile, external: [...EXTERNAL_MODULES, ...lazyModules] };
}

/**
 * Where a lazy module's file goes in a function's asset folder, and what makes it resolvable:
 * a package's own name (`stripe`) is its `index.mjs`, a subpath (`read-excel-file/node`) a file
 * of that name exported under it. One lazy module per package.
 */
export function lazyModuleFiles(name: string, assetDir: string) {
  const parts = name.split('/');
  const packageParts = name.startsWith('@') ? 2 : 1;
  const packageName = parts.slice(0, packageParts).join('/');
  const subpath = parts.slice(packageParts).join('/');
  const dir = join(assetDir, 'node_modules', packageName);
  const file = subpath ? `${subpath.replaceAll('/', '-')}.mjs` : 'index.mjs';
  const exports = subpath ? { [`./${subpath}`]: `./${file}` } : `./${file}`;
  return {
    outfile: join(dir, file),
    packageJson: join(dir, 'package.json'),
    packageJsonText: `${JSON.stringify({ name: packageName, type: 'module', exports })}\n`,
  };
}

/** esbuild's options for one lazy module, minified on its own into the function's asset. */
export function lazyModuleOptions(name: string, assetDir: string) {
  return {
    ...common,
    stdin: {
      contents: `export * from '${name}';\nexport { default } from '${name}';\n`,
      resolveDir: REPO_ROOT,
      sourcefile: `${name}.lazy.mjs`,
      loader: 'js' as const,
    },
    outfile: lazyModuleFiles(name, assetDir).outfile,
    external: EXTERNAL_MODULES,
  };
}
