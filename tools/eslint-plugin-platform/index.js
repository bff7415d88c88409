import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import { REPO_ROOT } from './modules.js';
import { rules } from './rules.js';
import { serviceRules } from './service-rules.js';

/**
 * The platform's guard rails (docs/adr/0005-platform-guard-rails.md): import cycles,
 * feature boundaries, service boundaries and browser-safe imports.
 */
export const platform = { meta: { name: 'eslint-plugin-platform' }, rules };

/** Source files every guard rail looks at (the classic scripts in web/public import nothing). */
export const SOURCE_FILES = ['**/*.{ts,tsx,mts,cts,js,mjs,cjs,jsx}'];
export const NOT_SOURCE = ['web/public/**'];

/**
 * import-x's no-cycle over TypeScript's resolution. Without `import-x/extensions` and
 * `import-x/parsers` it parses no .ts dependency and silently finds no cycle, hence the
 * test in test/no-cycle.test.js. Type-only imports are erased at build time and are not
 * counted (no-cycle's own rule); dynamic `import()` is.
 */
export function cycleConfig(root = REPO_ROOT) {
  return {
    name: 'platform/no-cycle',
    files: SOURCE_FILES,
    ignores: NOT_SOURCE,
    plugins: { 'import-x': importX },
    settings: {
      // Workspace packages are ours: without this, ignoreExternal below skips every import of
      // a workspace package from another workspace (it lies outside the importer's package).
      'import-x/internal-regex': '^@sneakers/',
      'import-x/extensions': ['.ts', '.tsx', '.mts', '.cts', '.js', '.mjs', '.cjs', '.jsx'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx', '.mts', '.cts'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: [`${root}/tsconfig.json`, `${root}/web/tsconfig.json`],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    // Other packages are not walked: a cycle inside a dependency is not ours.
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  };
}

/** The three local rules; each decides from the file's path whether it applies. */
export const boundariesConfig = {
  name: 'platform/boundaries',
  files: SOURCE_FILES,
  ignores: NOT_SOURCE,
  plugins: { platform },
  rules: {
    'platform/feature-boundaries': 'error',
    'platform/no-cross-service-imports': 'error',
    'platform/browser-safe-imports': 'error',
  },
};

/** The service shape's rules (docs/adr/0017): pure domain code, published service entries. */
export const serviceShape = { meta: { name: 'eslint-plugin-service-shape' }, rules: serviceRules };

export const serviceShapeConfig = {
  name: 'platform/service-shape',
  files: ['services/**/*.ts', 'localstack/**/*.ts', 'tests/**/*.ts', 'infra/**/*.ts'],
  plugins: { 'service-shape': serviceShape },
  rules: {
    'service-shape/domain-purity': 'error',
    'service-shape/service-published-entry': 'error',
  },
};
