import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/**
 * A miniature of the repository on disk (workspace packages linked in node_modules as npm
 * does), so the rules resolve real files and package names without depending on the code
 * other people are changing.
 */
const files = {
  'package.json': JSON.stringify({ name: 'fixture', private: true, type: 'module' }),
  'tsconfig.json': JSON.stringify({ compilerOptions: { module: 'ESNext', moduleResolution: 'Bundler' } }),
  'web/tsconfig.json': JSON.stringify({
    compilerOptions: { module: 'ESNext', moduleResolution: 'Bundler', jsx: 'react-jsx' },
  }),
  'shared/package.json': JSON.stringify({
    name: '@sneakers/shared',
    type: 'module',
    exports: { '.': './src/index.ts', './*': './src/*.ts' },
  }),
  'shared/src/index.ts': "export * from './money';\n",
  'shared/src/money.ts': 'export const cents = (value: number) => Math.round(value * 100);\n',
  'shared/src/ids.ts':
    "import { randomBytes } from 'node:crypto';\nexport const id = () => randomBytes(4).toString('hex');\n",
  'shared/src/labels.ts': "import { id } from './ids';\nexport const label = () => `#${id()}`;\n",
  'shared/src/types-only.ts':
    "import type { Config } from './runtime/config';\nexport type Shown = Config;\n",
  'shared/src/runtime/config.ts': 'export interface Config { table: string }\n',
  'shared/src/table/client.ts': "import { Entity } from 'electrodb';\nexport const client = Entity;\n",
  'shared/src/contracts/crm.ts': "import { cents } from '../money';\nexport const price = cents;\n",
  'shared/src/rules/visibility.ts': 'export const shown = (flag: boolean) => flag;\n',
  'services/a/package.json': JSON.stringify({
    name: '@sneakers/service-a',
    type: 'module',
    exports: { './*': './src/*.ts' },
  }),
  'services/a/src/service.ts': 'export const a = 1;\n',
  'services/b/package.json': JSON.stringify({
    name: '@sneakers/service-b',
    type: 'module',
    exports: { './*': './src/*.ts' },
  }),
  'services/b/src/service.ts': 'export const b = 2;\n',
  'services/b/src/store/repository.ts': 'export const repository = {};\n',
  'services/registry.ts': "export { a } from './a/src/service';\nexport { b } from './b/src/service';\n",
  'web/package.json': JSON.stringify({ name: '@sneakers/web', private: true, type: 'module' }),
  'web/src/features/crm/index.ts': "export { CrmPage } from './routes/crm-page';\n",
  'web/src/features/crm/sections.ts': 'export const sections = [];\n',
  'web/src/features/crm/pages.ts': "export const pages = () => import('./routes/crm-page');\n",
  'web/src/features/crm/routes/crm-page.tsx': 'export const CrmPage = () => null;\n',
  'web/src/features/crm/model/format.ts': 'export const format = String;\n',
  'web/src/features/lists/index.ts': 'export const lists = [];\n',
  'web/src/app/router.tsx': 'export const router = {};\n',
  // Cycles for the no-cycle configuration: one through a package name, one of types only.
  'shared/src/loop-a.ts': "import { fromB } from './loop-b';\nexport const fromA = () => fromB;\n",
  'shared/src/loop-b.ts':
    "import { fromA } from '../../services/a/src/loop-c';\nexport const fromB = () => fromA;\n",
  'services/a/src/loop-c.ts': "import { fromA } from '@sneakers/shared/loop-a';\nexport { fromA };\n",
  'shared/src/type-loop-a.ts': "import type { B } from './type-loop-b';\nexport type A = { b?: B };\n",
  'shared/src/type-loop-b.ts': "import type { A } from './type-loop-a';\nexport type B = { a?: A };\n",
};

const links = {
  '@sneakers/shared': 'shared',
  '@sneakers/service-a': 'services/a',
  '@sneakers/service-b': 'services/b',
  '@sneakers/web': 'web',
};

export function createFixture() {
  // Real path: TypeScript reports resolved files by their real path.
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'eslint-platform-')));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  mkdirSync(join(root, 'node_modules/@sneakers'), { recursive: true });
  for (const [name, target] of Object.entries(links)) {
    symlinkSync(join(root, target), join(root, 'node_modules', name), 'dir');
  }
  return {
    root,
    file: (path) => join(root, path),
    remove: () => rmSync(root, { recursive: true, force: true }),
  };
}
