// Prints the totals of the vitest and Playwright JSON reports as the closing line.
import { existsSync, readFileSync } from 'node:fs';

const failedSteps = process.argv.slice(2);
let passed = 0;
let failed = 0;
let skipped = 0;

if (existsSync('test-results/vitest.json')) {
  const v = JSON.parse(readFileSync('test-results/vitest.json', 'utf8'));
  passed += v.numPassedTests ?? 0;
  failed += v.numFailedTests ?? 0;
  skipped += (v.numPendingTests ?? 0) + (v.numTodoTests ?? 0);
}
if (existsSync('test-results/playwright.json')) {
  const p = JSON.parse(readFileSync('test-results/playwright.json', 'utf8'));
  passed += (p.stats?.expected ?? 0) + (p.stats?.flaky ?? 0);
  failed += p.stats?.unexpected ?? 0;
  skipped += p.stats?.skipped ?? 0;
}
// A step that failed without a test report (lint, typecheck, build) still fails the run.
const stepFailures = failedSteps.length;
console.log('');
if (stepFailures) console.log(`Failed steps: ${failedSteps.join(', ')}`);
console.log(
  `tests: ${passed} passed, ${failed + (failed === 0 ? stepFailures : 0)} failed, ${skipped} skipped`,
);
process.exit(stepFailures || failed ? 1 : 0);
