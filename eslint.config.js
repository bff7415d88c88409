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

// Rows go through the project's table layer; ElectroDB is only the yardstick its compat test
// measures against (docs/adr/0015-table-layer.md).
const electrodb = {
  name: 'electrodb',
  message: 'Use the table layer (shared/src/table/entity.ts, docs/adr/0015-table-layer.md).',
};

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
      'no-restricted-imports': ['error', { paths: [zodClassic, electrodb] }],
    },
  },
  {
    files: ['shared/test/integration/table-layer-compat.test.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: [zodClassic] }] },
  },
  // Guard rails of the platform (docs/adr/0005-platform-guard-rails.md); the service shape's
  // (pure domain code, published service entries) in docs/adr/0017.
  cycleConfig(),
  boundariesConfig,
  serviceShapeConfig,
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
