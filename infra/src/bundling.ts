import { Runtime } from 'aws-cdk-lib/aws-lambda';
import { OutputFormat, type BundlingOptions } from 'aws-cdk-lib/aws-lambda-nodejs';

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

/**
 * The same options in esbuild's own shape (`esbuild.build(esbuildOptions(entry, out))`),
 * producing `<outfile>` (name it `index.mjs`) as NodejsFunction produces its asset.
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
  };
}
