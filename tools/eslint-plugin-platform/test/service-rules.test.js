import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterAll, describe, it } from 'vitest';
import { domainPurity, servicePublishedEntry } from '../service-rules.js';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

/** A miniature of the service shape on disk, so the rules resolve real files. */
const files = {
  'package.json': JSON.stringify({ name: 'fixture', private: true, type: 'module' }),
  'tsconfig.json': JSON.stringify({ compilerOptions: { module: 'ESNext', moduleResolution: 'Bundler' } }),
  'shared/src/errors.ts': 'export class AppError extends Error {}\n',
  'shared/src/table/model.ts':
    "import { GetCommand } from '@aws-sdk/lib-dynamodb';\nexport const Get = GetCommand;\n",
  'shared/src/audit/audit-item.ts': 'export const auditItem = () => ({});\n',
  'shared/src/audit/audit-entity.ts':
    "import { Get } from '../table/model';\nexport const auditEntity = Get;\n",
  'services/shop/src/sales/domain.ts': 'export const recordSale = () => 1;\n',
  'services/shop/src/sales/ports.ts': 'export interface SalesRepository { save(): void }\n',
  'services/shop/src/sales/rules.ts':
    "import { AppError } from '../../../../shared/src/errors';\nexport const E = AppError;\n",
  'services/shop/src/sales/repository.ts': 'export const createSalesRepository = () => ({});\n',
  'services/shop/src/sales/sale-entity.ts':
    'export type SaleItem = { id: string };\nexport const saleEntity = {};\n',
  'services/shop/src/sales/deps.ts': 'export const salesDeps = () => ({});\n',
  'services/shop/src/functions/shop.ts': 'export const handler = () => 1;\n',
  'services/shop/src/published.ts': "export { recordSale } from './sales/domain';\n",
  'services/registry.ts': "export { handler } from './shop/src/functions/shop';\n",
  'localstack/src/demo-seed/shop.ts': 'export const seed = 1;\n',
  'tests/bench/shop.ts': 'export const bench = 1;\n',
  'infra/test/events.test.ts': 'export const events = 1;\n',
};

const root = realpathSync(mkdtempSync(join(tmpdir(), 'service-rules-')));
for (const [path, text] of Object.entries(files)) {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
}
afterAll(() => rmSync(root, { recursive: true, force: true }));

const tester = new RuleTester({
  languageOptions: { parser: tseslint.parser, ecmaVersion: 2022, sourceType: 'module' },
  settings: { platform: { root } },
});
const at = (path, code) => ({ code, filename: join(root, path) });
const error = (messageId) => ({ messageId });

tester.run('domain-purity', domainPurity, {
  valid: [
    at('services/shop/src/sales/domain.ts', "import type { SalesRepository } from './ports';"),
    at('services/shop/src/sales/domain.ts', "import { E } from './rules';"),
    at(
      'services/shop/src/sales/domain.ts',
      "import { auditItem } from '../../../../shared/src/audit/audit-item';",
    ),
    // Types derived from an entity are welcome; its code is not.
    at('services/shop/src/sales/ports.ts', "import type { SaleItem } from './sale-entity';"),
    // Adapters themselves may use anything.
    at('services/shop/src/sales/repository.ts', "import { GetCommand } from '@aws-sdk/lib-dynamodb';"),
    at(
      'services/shop/src/sales/deps.ts',
      "import { auditEntity } from '../../../../shared/src/audit/audit-entity';",
    ),
  ],
  invalid: [
    {
      ...at('services/shop/src/sales/domain.ts', "import { GetCommand } from '@aws-sdk/lib-dynamodb';"),
      errors: [error('adapterPackage')],
    },
    {
      ...at('services/shop/src/sales/ports.ts', "import type { Context } from 'aws-lambda';"),
      errors: [error('adapterPackage')],
    },
    {
      ...at('services/shop/src/sales/domain.ts', "import { Logger } from '@aws-lambda-powertools/logger';"),
      errors: [error('adapterPackage')],
    },
    {
      ...at('services/shop/src/sales/domain.ts', "import middy from '@middy/core';"),
      errors: [error('adapterPackage')],
    },
    {
      ...at('services/shop/src/sales/domain.ts', "import { Entity } from 'electrodb';"),
      errors: [error('adapterPackage')],
    },
    {
      ...at('services/shop/src/sales/domain.ts', "import { saleEntity } from './sale-entity';"),
      errors: [error('adapterFile')],
    },
    {
      ...at('services/shop/src/sales/domain.ts', "import { createSalesRepository } from './repository';"),
      errors: [error('adapterFile')],
    },
    {
      ...at('services/shop/src/sales/ports.ts', "import { salesDeps } from './deps';"),
      errors: [error('adapterFile')],
    },
    {
      // Through shared code: the audit entity sits on the table layer, which sends AWS commands.
      ...at(
        'services/shop/src/sales/domain.ts',
        "import { auditEntity } from '../../../../shared/src/audit/audit-entity';",
      ),
      errors: [error('pulls')],
    },
  ],
});

tester.run('service-published-entry', servicePublishedEntry, {
  valid: [
    at('localstack/src/demo-seed/shop.ts', "import { handler } from '../../../services/registry';"),
    at(
      'localstack/src/demo-seed/shop.ts',
      "import { recordSale } from '../../../services/shop/src/published';",
    ),
    at('tests/bench/shop.ts', "import { recordSale } from '../../services/shop/src/published';"),
    // Inside the service anything goes.
    at('services/shop/src/published.ts', "export { salesDeps } from './sales/deps';"),
  ],
  invalid: [
    {
      ...at(
        'localstack/src/demo-seed/shop.ts',
        "import { salesDeps } from '../../../services/shop/src/sales/deps';",
      ),
      errors: [error('internal')],
    },
    {
      ...at('tests/bench/shop.ts', "import { recordSale } from '../../services/shop/src/sales/domain';"),
      errors: [error('internal')],
    },
    {
      ...at('tests/bench/shop.ts', "const shop = await import('../../services/shop/src/functions/shop');"),
      errors: [error('internal')],
    },
    {
      ...at('infra/test/events.test.ts', "import { salesDeps } from '../../services/shop/src/sales/deps';"),
      errors: [error('internal')],
    },
  ],
});
