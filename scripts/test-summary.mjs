// Prints the totals of the vitest and Playwright JSON reports as the closing line.
import { existsSync, readdirSync, readFileSync } from 'node:fs';

const failedSteps = process.argv.slice(2);
let passed = 0;
let failed = 0;
let skipped = 0;
/** Named again at the very end: a CI log is often read from its tail only. */
const failures = [];
const firstLine = (text) =>
  String(text ?? '')
    .split('\n')
    .find((l) => l.trim()) ?? '';
const relative = (file) => String(file).replace(`${process.cwd()}/`, '');

// npm test runs vitest three times (unit and web; integration and infra in two shards): one
// report each.
const vitestReports = existsSync('test-results')
  ? readdirSync('test-results')
      .filter((name) => /^vitest.*\.json$/.test(name))
      .map((name) => `test-results/${name}`)
  : [];
for (const report of vitestReports) {
  const v = JSON.parse(readFileSync(report, 'utf8'));
  passed += v.numPassedTests ?? 0;
  failed += v.numFailedTests ?? 0;
  skipped += (v.numPendingTests ?? 0) + (v.numTodoTests ?? 0);
  for (const file of v.testResults ?? []) {
    const broken = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
    for (const t of broken)
      failures.push(`${relative(file.name)} > ${t.fullName}: ${firstLine(t.failureMessages?.[0])}`);
    if (file.status === 'failed' && broken.length === 0)
      failures.push(`${relative(file.name)}: ${firstLine(file.message) || 'the file failed to run'}`);
  }
}
if (existsSync('test-results/playwright.json')) {
  const p = JSON.parse(readFileSync('test-results/playwright.json', 'utf8'));
  passed += (p.stats?.expected ?? 0) + (p.stats?.flaky ?? 0);
  failed += p.stats?.unexpected ?? 0;
  skipped += p.stats?.skipped ?? 0;
  const walk = (suite) => {
    for (const spec of suite.specs ?? [])
      for (const t of spec.tests ?? [])
        if (t.status === 'unexpected') {
          const error = t.results?.at(-1)?.error?.message;
          failures.push(`${spec.file}:${spec.line} > ${spec.title}: ${firstLine(error)}`);
        }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of p.suites ?? []) walk(suite);
}
// A step that failed without a test report (lint, typecheck, build) still fails the run.
const stepFailures = failedSteps.length;
console.log('');
if (failures.length) {
  console.log('Failed tests:');
  for (const line of failures.slice(0, 20)) console.log(`  ${line.slice(0, 300)}`);
}
if (stepFailures) console.log(`Failed steps: ${failedSteps.join(', ')}`);
// A step can fail before any test runs (a local cloud that did not start): its report is then
// missing, and the reason is only in its output, printed long before this tail.
for (const log of (process.env.FAILED_LOGS ?? '').split(' ').filter(Boolean)) {
  if (!existsSync(log)) continue;
  const errors = [
    ...new Set(
      readFileSync(log, 'utf8')
        // eslint-disable-next-line no-control-regex -- the colours vitest writes
        .replace(/\x1b\[[0-9;]*m/g, '')
        .split('\n')
        .map((l) => l.trim())
        // The functions' own JSON log lines are left out: tests provoke errors on purpose
        // (a demo user refused), and those lines crowded out the one that failed the step.
        .filter((l) => !l.startsWith('{"level":'))
        .filter((l) => /\b(\w*Error\b|ERR_[A-Z_]+)|did not become ready|still busy|Unhandled/.test(l)),
    ),
  ];
  if (errors.length === 0) continue;
  console.log(`Errors in ${log}:`);
  for (const line of errors.slice(0, 5)) console.log(`  ${line.slice(0, 300)}`);
}
console.log(
  `tests: ${passed} passed, ${failed + (failed === 0 ? stepFailures : 0)} failed, ${skipped} skipped`,
);
process.exit(stepFailures || failed ? 1 : 0);
