import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { boundariesConfig, cycleConfig, serviceShapeConfig } from './tools/eslint-plugin-platform/index.js';

// Classic zod weighs ~85 KB in every bundle (~450 KB through its `z` export); zod/mini
// ~30 KB for the same schemas. Lambda bundles and the landing page both have budgets.
const zodClassic = {
  name: 'zod',
  message: "Import zod as `import * as z from 'zod/mini'` (docs/adr/0003-bundle-size.md).",
};

// Files still reaching into services or impure while their domain moves to the one shape
// (docs/adr/0017); each entry goes when its domain moves. The list ends empty.
const NOT_YET_IN_SHAPE = [
  'localstack/src/demo-seed/catalog.ts',
  'localstack/src/demo-seed/commerce.ts',
  'localstack/src/demo-seed/lists.ts',
  'localstack/src/demo-seed/messaging.ts',
  'services/commerce/src/reports/domain.ts',
  'services/commerce/src/sales/domain.ts',
  'services/commerce/src/virtual-products/domain.ts',
  'tests/bench/access.ts',
  'tests/bench/catalog-detail.ts',
  'tests/bench/catalog-search.ts',
  'tests/bench/catalog/cold-load.ts',
  'tests/bench/catalog/gateway.ts',
  'tests/bench/commerce-overview.ts',
  'tests/bench/commerce-sale.ts',
  'tests/bench/crm.ts',
  'tests/bench/public-list.ts',
];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'cdk.out/**', '.local/**', 'test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-imports': ['error', { paths: [zodClassic] }],
    },
  },
  // Guard rails of the platform (docs/adr/0005-platform-guard-rails.md).
  cycleConfig(),
  boundariesConfig,
  { ...serviceShapeConfig, ignores: NOT_YET_IN_SHAPE },
  {
    // Domain code stays free of AWS adapters (DESIGN 3.1).
    files: ['services/*/src/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [zodClassic], patterns: ['aws-lambda', '@aws-sdk/*', 'electrodb', '**/store/**'] },
      ],
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    // Classic scripts served as they are (share-early.js): browser globals, ES5 style.
    files: ['web/public/**/*.js'],
    languageOptions: { globals: { ...globals.browser }, sourceType: 'script' },
  },
);
