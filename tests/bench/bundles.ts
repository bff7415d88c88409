import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { esbuildOptions } from '../../infra/src/bundling';
import { services } from '../../services/registry';
import { median, REPO_ROOT, row } from './stats';

const BUDGET_BYTES = 300 * 1024;

/** Module-load time of a bundle in a fresh Node process (what a cold start pays). */
function loadTimeMs(file: string): number {
  const script = `const t = performance.now(); await import(${JSON.stringify(file)}); console.log(performance.now() - t);`;
  return Number(
    execFileSync(process.execPath, ['--input-type=module', '-e', script], {
      cwd: REPO_ROOT,
      env: {
        ...process.env,
        NODE_NO_WARNINGS: '1',
        TABLE_NAME: 'bench-table',
        POWERTOOLS_METRICS_DISABLED: 'true',
      },
    })
      .toString()
      .trim(),
  );
}

/** Bundles every service exactly as the CDK app does, and prints size and load time. */
export async function benchBundles(): Promise<{ name: string; bytes: number }[]> {
  console.log('\n## Lambda bundles (budget: 300 KB minified each)');
  // Inside the repo so the external @aws-sdk packages resolve as they would in Lambda.
  const outDir = join(REPO_ROOT, '.local', 'bench-bundles');
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  const results: { name: string; bytes: number }[] = [];
  for (const { definition, entry } of services) {
    const outfile = join(outDir, definition.name, 'index.mjs');
    await build({ ...esbuildOptions(entry, outfile), logLevel: 'error' });
    const bytes = statSync(outfile).size;
    const gzip = gzipSync(readFileSync(outfile)).length;
    const loads = Array.from({ length: 5 }, () => loadTimeMs(outfile));
    results.push({ name: definition.name, bytes });
    row(
      definition.name,
      `${(bytes / 1024).toFixed(1)} KB min, ${(gzip / 1024).toFixed(1)} KB gzip, load ${median(loads).toFixed(0)} ms (median of 5) ${bytes <= BUDGET_BYTES ? 'ok' : 'OVER BUDGET'}`,
    );
  }
  return results;
}
