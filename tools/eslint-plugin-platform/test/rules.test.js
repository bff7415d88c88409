import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterAll, describe, it } from 'vitest';
import { browserSafeImports, featureBoundaries, noCrossServiceImports } from '../rules.js';
import { createFixture } from './fixture.js';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const fixture = createFixture();
afterAll(() => fixture.remove());

const tester = new RuleTester({
  languageOptions: { parser: tseslint.parser, ecmaVersion: 2022, sourceType: 'module' },
  settings: { platform: { root: fixture.root } },
});
const at = (path, code) => ({ code, filename: fixture.file(path) });
const error = (messageId) => ({ messageId });

tester.run('feature-boundaries', featureBoundaries, {
  valid: [
    // Outside the features: a feature's root entry files only.
    at('web/src/app/router.tsx', "import { CrmPage } from '../features/crm';"),
    at('web/src/app/router.tsx', "import { sections } from '../features/crm/sections';"),
    at('web/src/app/router.tsx', "import { pages } from '../features/crm/pages';"),
    at('web/src/app/router.tsx', "const page = () => import('../features/crm/index');"),
    at('web/src/app/router.test.tsx', "import type { CrmPage } from '@sneakers/web/src/features/crm';"),
    // Inside its own feature a file imports whatever it needs, and the shared code.
    at('web/src/features/crm/routes/crm-page.tsx', "import { format } from '../model/format';"),
    at('web/src/features/crm/routes/crm-page.tsx', "import { useApi } from '../../../lib/api';"),
    at('web/src/features/crm/routes/crm-page.tsx', "import { cents } from '@sneakers/shared';"),
  ],
  invalid: [
    // Outside the features, anything but a root entry file.
    {
      ...at('web/src/app/router.tsx', "import { CrmPage } from '../features/crm/routes/crm-page';"),
      errors: [error('internal')],
    },
    {
      ...at('web/src/app/router.tsx', "const page = () => import('../features/crm/routes/crm-page');"),
      errors: [error('internal')],
    },
    {
      ...at('web/src/lib/api.ts', "type Format = import('../features/crm/model/format').Format;"),
      errors: [error('internal')],
    },
    {
      ...at(
        'web/src/app/router.tsx',
        "import { format } from '@sneakers/web/src/features/crm/model/format';",
      ),
      errors: [error('internal')],
    },
    // One feature importing another, even through its root entry files.
    {
      ...at('web/src/features/lists/index.ts', "import { CrmPage } from '../crm';"),
      errors: [{ messageId: 'crossFeature', data: { from: 'lists', to: 'crm', specifier: '../crm' } }],
    },
    {
      ...at('web/src/features/lists/index.ts', "export { sections } from '../crm/sections';"),
      errors: [error('crossFeature')],
    },
    {
      ...at('web/src/features/lists/index.ts', "import type { format } from '../crm/model/format';"),
      errors: [error('crossFeature')],
    },
    {
      ...at('web/src/features/lists/index.ts', "export * from '../crm/model/format';"),
      errors: [error('crossFeature')],
    },
    {
      ...at('web/src/features/lists/routes/list-page.tsx', "const crm = () => import('../../crm/pages');"),
      errors: [error('crossFeature')],
    },
    {
      ...at('web/src/features/lists/model/items.ts', "type Page = import('../../crm').CrmPage;"),
      errors: [error('crossFeature')],
    },
    {
      ...at(
        'web/src/features/lists/tests/lists.test.tsx',
        "import { CrmPage } from '@sneakers/web/src/features/crm';",
      ),
      errors: [error('crossFeature')],
    },
  ],
});

tester.run('no-cross-service-imports', noCrossServiceImports, {
  valid: [
    at('services/a/src/other.ts', "import { a } from './service';"),
    at('services/a/src/other.ts', "import { cents } from '@sneakers/shared';"),
    at('services/a/test/unit/a.test.ts', "import { a } from '@sneakers/service-a/service';"),
    // The registry composes every service.
    at('services/registry.ts', "import { b } from './b/src/service';"),
  ],
  invalid: [
    {
      ...at('services/a/src/other.ts', "import { b } from '../../b/src/service';"),
      errors: [error('crossService')],
    },
    {
      ...at(
        'services/a/test/integration/a.test.ts',
        "import { repository } from '@sneakers/service-b/store/repository';",
      ),
      errors: [error('crossService')],
    },
    {
      ...at('services/a/src/other.ts', "import type { b } from '@sneakers/service-b/service';"),
      errors: [error('crossService')],
    },
    {
      ...at('services/a/src/other.ts', "const load = () => import('../../b/src/service');"),
      errors: [error('crossService')],
    },
  ],
});

tester.run('browser-safe-imports', browserSafeImports, {
  valid: [
    at('web/src/app/router.tsx', "import { cents } from '@sneakers/shared';"),
    at('web/src/app/router.tsx', "import { price } from '@sneakers/shared/contracts/crm';"),
    at('web/src/app/router.tsx', "import type { Shown } from '@sneakers/shared/types-only';"),
    // A type-only import pulls no code, so its module's imports are not followed.
    at('web/src/app/router.tsx', "import type { label } from '@sneakers/shared/labels';"),
    // The SPA's tests run in Node.
    at('web/src/app/router.test.tsx', "import { readFileSync } from 'node:fs';"),
    // Server code may use anything.
    at('services/a/src/other.ts', "import { id } from '@sneakers/shared/ids';"),
    at('shared/src/contracts/lists.ts', "import { shown } from '../rules/visibility';"),
  ],
  invalid: [
    {
      ...at('web/src/app/router.tsx', "import { randomUUID } from 'node:crypto';"),
      errors: [error('server')],
    },
    { ...at('web/src/app/router.tsx', "import { createHash } from 'crypto';"), errors: [error('server')] },
    { ...at('web/src/app/router.tsx', "import { Entity } from 'electrodb';"), errors: [error('server')] },
    {
      ...at('web/src/app/router.tsx', "import type { Context } from 'aws-lambda';"),
      errors: [error('server')],
    },
    {
      ...at('web/src/app/router.tsx', "import { client } from '@sneakers/shared/table/client';"),
      errors: [error('server')],
    },
    {
      ...at('web/src/app/router.tsx', "import type { Config } from '@sneakers/shared/runtime/config';"),
      errors: [error('server')],
    },
    {
      ...at('web/src/app/router.tsx', "import { id } from '@sneakers/shared/ids';"),
      errors: [
        {
          messageId: 'pulls',
          data: { specifier: '@sneakers/shared/ids', chain: 'shared/src/ids.ts → node:crypto' },
        },
      ],
    },
    {
      ...at('web/src/features/crm/index.ts', "const load = () => import('@sneakers/shared/labels');"),
      errors: [
        {
          messageId: 'pulls',
          data: {
            specifier: '@sneakers/shared/labels',
            chain: 'shared/src/labels.ts → shared/src/ids.ts → node:crypto',
          },
        },
      ],
    },
    {
      ...at('web/src/app/router.tsx', "import { a } from '@sneakers/service-a/service';"),
      errors: [error('server')],
    },
    // The other direction: browser-safe shared modules stay free of server code.
    {
      ...at('shared/src/contracts/crm.ts', "import { client } from '../table/client';"),
      errors: [error('server')],
    },
    {
      ...at('shared/src/rules/visibility.ts', "import { label } from '../labels';"),
      errors: [error('pulls')],
    },
    {
      ...at('shared/src/money.ts', "import { Logger } from '@aws-lambda-powertools/logger';"),
      errors: [error('server')],
    },
  ],
});
