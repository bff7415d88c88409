// @vitest-environment node
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entryParts, initialFiles } from '../../scripts/entry-strings';

// The production build, in a folder of its own: what each HTML entry's first load carries.
const dist = mkdtempSync(join(tmpdir(), 'sneakers-web-build-'));

describe('strings in the light entries', () => {
  beforeAll(async () => {
    // `vite build` in a process of its own: the web files run in vitest's VM pool, where the
    // bundler's own checks of its plugins (made in another context) fail (docs/adr/0034).
    const vite = join(dirname(createRequire(import.meta.url).resolve('vite/package.json')), 'bin', 'vite.js');
    await promisify(execFile)(
      process.execPath,
      [vite, 'build', '--outDir', dist, '--emptyOutDir', '--logLevel', 'silent'],
      { cwd: fileURLToPath(new URL('../..', import.meta.url)) },
    );
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
