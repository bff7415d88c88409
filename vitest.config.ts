import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Three suites: pure unit tests, integration tests against the real local cloud
// (started once by the global setup on free ports), and CDK assertion tests.
export default defineConfig({
  test: {
    // A test file per core. Vitest's own default is one fewer, for its main process, which
    // only hands out files and serves transforms: on a 2-core machine that ran the unit and web
    // files one at a time with the machine a third idle (web alone: 519 s, with 2: 350 s).
    maxWorkers: availableParallelism(),
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'shared/test/*.test.ts',
            'events/test/**/*.test.ts',
            'services/*/test/unit/**/*.test.ts',
            'localstack/test/unit/**/*.test.ts',
            'tools/eslint-plugin-platform/test/**/*.test.js',
            'tools/scaffold/**/*.test.ts',
            'tools/docs/**/*.test.ts',
            'tests/contract-refusals/**/*.test.ts',
          ],
          environment: 'node',
          // Worker threads rather than a process per file: 131 CPU-s instead of 170, the same
          // tests passing (docs/adr/0034). No unit test reads process.cpuUsage(), which in a
          // thread counts every thread of the process: CPU figures are the bench's.
          pool: 'threads',
          env: {
            POWERTOOLS_LOG_LEVEL: 'SILENT',
            POWERTOOLS_METRICS_DISABLED: 'true',
            POWERTOOLS_TRACE_ENABLED: 'false',
          },
        },
      },
      {
        extends: './web/vite.config.ts',
        test: {
          name: 'web',
          root: './web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          // One VM context per file in a worker thread that stays up, instead of a process per
          // file: jsdom and the modules outside the source load once per worker. The web files
          // took 176 s with 311 CPU-s instead of 373 s with 685 (docs/adr/0034).
          pool: 'vmThreads',
          // A screen test renders lazy chunks in jsdom: a few seconds on a busy 2-core machine,
          // and several times that while the browser journeys and the local cloud share the
          // cores (npm test runs them side by side), where shorter limits failed tests that pass
          // alone. A hang guard, not a speed limit: a passing test never waits for it.
          testTimeout: 40_000,
        },
      },
      {
        test: {
          name: 'integration',
          include: [
            'shared/test/integration/**/*.test.ts',
            'services/*/test/integration/**/*.test.ts',
            'localstack/test/integration/**/*.test.ts',
            'tests/route-suites/**/*.test.ts',
            'tests/access-control/**/*.test.ts',
          ],
          globalSetup: ['tests/support/local-cloud-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          // The files run one after another in one worker that keeps its modules: the
          // contracts, the SDK clients and the test support load once, not once per file
          // (docs/adr/0034). Each file still makes its own users and data.
          isolate: false,
        },
      },
      {
        test: {
          name: 'infra',
          include: ['infra/test/**/*.test.ts'],
          testTimeout: 180_000,
          fileParallelism: false,
          // One worker for every file, aws-cdk-lib loaded once (about 3.5 s a file otherwise).
          isolate: false,
        },
      },
    ],
  },
});
