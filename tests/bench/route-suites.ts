import { spawnSync } from 'node:child_process';
import { REPO_ROOT, row } from './stats';

/**
 * `npm run bench -- suites`: the route-driven suites (tests/route-suites) as `npm test` runs
 * them, their own summary lines (routes covered, requests, seconds) and the wall time,
 * local-cloud start included, against the budget of 3 minutes together.
 */
const BUDGET_S = 180;

export async function benchRouteSuites(): Promise<void> {
  console.log(`\n## Route-driven security and bad-input suites (budget: ${BUDGET_S} s together)`);
  const started = performance.now();
  const run = spawnSync('npx', ['vitest', 'run', '--project', 'integration', 'tests/route-suites'], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' },
    maxBuffer: 64 * 1024 * 1024,
  });
  const seconds = (performance.now() - started) / 1000;
  const summaries = `${run.stdout}\n${run.stderr}`
    .split('\n')
    .filter((line) => line.startsWith('route-suites/') || line.startsWith('  not exercised:'));
  for (const line of summaries) {
    const [name, figures] = line.split(': ', 2);
    row(`  ${name ?? line}`, figures ?? '');
  }
  row(
    'all suites, wall time incl. the local cloud start',
    `${seconds.toFixed(1)} s ${run.status === 0 ? 'passed' : 'FAILED'} ${seconds <= BUDGET_S ? 'ok' : 'over budget'}`,
  );
}
