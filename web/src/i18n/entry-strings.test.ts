// @vitest-environment node
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entryParts, initialFiles } from '../../scripts/entry-strings';

// The production build, in a folder of its own: what each HTML entry's first load carries.
const dist = mkdtempSync(join(tmpdir(), 'sneakers-web-build-'));

describe('strings in the light entries', () => {
  beforeAll(async () => {
    await build({
      configFile: fileURLToPath(new URL('../../vite.config.ts', import.meta.url)),
      root: fileURLToPath(new URL('../..', import.meta.url)),
      logLevel: 'silent',
      build: { outDir: dist, emptyOutDir: true },
    });
  }, 120_000);
  afterAll(() => rmSync(dist, { recursive: true, force: true }));

  it('ships only the core and the landing strings with the landing page', () => {
    expect(entryParts('index.html', dist)).toEqual(['core', 'landing']);
  });

  it('ships only the core and the public list strings with a shared list', () => {
    expect(entryParts('share.html', dist)).toEqual(['core', 'public-list']);
  });

  it('ships only the core and the shop strings with a storefront', () => {
    expect(entryParts('store.html', dist)).toEqual(['core', 'shop']);
  });

  it('paints a storefront without TanStack Query, zod or the API client (they load after it)', () => {
    const files = initialFiles(dist, 'store.html');
    expect(files.some((file) => /(^|\/)store-/.test(file))).toBe(true);
    expect(files.filter((file) => /(^|\/)(query|zod|share-ui)-/.test(file))).toEqual([]);
  });
});
