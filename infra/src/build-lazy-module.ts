import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { build } from 'esbuild';
import { lazyModuleFiles, lazyModuleOptions } from './bundling';

/**
 * `tsx infra/src/build-lazy-module.ts <package> <asset folder>`: the NodejsFunction hook that
 * minifies one lazy module into a function's asset (bundling.ts `serviceBundling`).
 */
const [name, assetDir] = process.argv.slice(2);
if (!name || !assetDir) {
  console.error('usage: build-lazy-module.ts <package> <asset folder>');
  process.exit(2);
}
const files = lazyModuleFiles(name, assetDir);
mkdirSync(dirname(files.outfile), { recursive: true });
await build({ ...lazyModuleOptions(name, assetDir), logLevel: 'error' });
writeFileSync(files.packageJson, files.packageJsonText);
