import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { esbuildOptions } from '../../infra/src/bundling';
import { functions as services } from '../../services/registry';
import { median, REPO_ROOT, row } from './stats';

export const BUDGET_BYTES = 300 * 1024;

/**
 * The largest bundle may not grow past the largest at the base commit of the issue "One
 * platform for every domain" (crm, 295.8 KB at b928dec): shared blocks replace copies, so
 * no bundle has a reason to grow.
 */
export const LARGEST_CEILING = { bytes: 296 * 1024, commit: 'b928dec', name: 'crm', kb: 295.8 };

export interface Bundle {
  name: string;
  outfile: string;
  bytes: number;
}

/** Bundles every service exactly as the CDK app does. */
export async function buildBundles(): Promise<Bundle[]> {
  // Inside the repo so the external @aws-sdk packages resolve as they would in Lambda.
  const outDir = join(REPO_ROOT, '.local', 'bench-bundles');
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  const bundles: Bundle[] = [];
  for (const { definition, entry } of services) {
    const outfile = join(outDir, definition.name, 'index.mjs');
    await build({ ...esbuildOptions(entry, outfile), logLevel: 'error' });
    bundles.push({ name: definition.name, outfile, bytes: statSync(outfile).size });
  }
  return bundles;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** The verdict on a bundle against the per-function budget. */
export function budgetVerdict(bytes: number): string {
  return bytes <= BUDGET_BYTES ? 'ok' : 'OVER BUDGET';
}

/** Names the largest bundle and checks it against the ceiling and every bundle against the budget. */
export function printLargest(bundles: Bundle[]) {
  const largest = bundles.reduce((a, b) => (b.bytes > a.bytes ? b : a));
  const over = bundles.filter((bundle) => bundle.bytes > BUDGET_BYTES).map((bundle) => bundle.name);
  row(
    'largest bundle',
    `${largest.name} ${kb(largest.bytes)}: ${largest.bytes < LARGEST_CEILING.bytes ? 'ok' : 'NOT'} below ${kb(LARGEST_CEILING.bytes)} (${LARGEST_CEILING.name} ${LARGEST_CEILING.kb} KB at ${LARGEST_CEILING.commit})`,
  );
  row('every bundle <= 300 KB', over.length === 0 ? 'ok' : `OVER BUDGET: ${over.join(', ')}`);
}

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

/** Prints every bundle's size and load time. */
export async function benchBundles(): Promise<Bundle[]> {
  console.log('\n## Lambda bundles (budget: 300 KB minified each)');
  const bundles = await buildBundles();
  for (const { name, outfile, bytes } of bundles) {
    const gzip = gzipSync(readFileSync(outfile)).length;
    const loads = Array.from({ length: 5 }, () => loadTimeMs(outfile));
    row(
      name,
      `${kb(bytes)} min, ${kb(gzip)} gzip, load ${median(loads).toFixed(0)} ms (median of 5) ${budgetVerdict(bytes)}`,
    );
  }
  printLargest(bundles);
  return bundles;
}
