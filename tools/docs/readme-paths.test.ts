import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { allMissingPaths, brokenAnchors } from './readme-paths';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

describe('what the READMEs, docs and code comments point at', () => {
  it('every path a README or doc names exists in the repository', () => {
    const missing = allMissingPaths(ROOT).map(({ document, line, path }) => `${document}:${line} ${path}`);
    expect(missing).toEqual([]);
  });

  it('every docs/<page>.md#<anchor> names a heading of that page', () => {
    const broken = brokenAnchors(ROOT).map(({ file, line, reference }) => `${file}:${line} ${reference}`);
    expect(broken).toEqual([]);
  });
});

describe('the checker itself', () => {
  it('finds a moved file and an anchor without its heading', async () => {
    const { mkdtempSync, mkdirSync, writeFileSync, rmSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const root = mkdtempSync(join(tmpdir(), 'readme-paths-'));
    try {
      mkdirSync(join(root, 'services/shop/src/sales'), { recursive: true });
      mkdirSync(join(root, 'docs/product'), { recursive: true });
      // Written in two parts: this file is itself one the real check reads.
      const page = ['docs/product', 'sales.md'].join('/');
      writeFileSync(join(root, 'services/shop/src/sales/domain.ts'), `// ${page}#refunds\n`);
      writeFileSync(join(root, 'docs/product/sales.md'), '# Sales\n\n## Recording a sale\n');
      writeFileSync(
        join(root, 'services/shop/README.md'),
        `Use cases in \`src/sales/domain.ts\`, once in \`src/store/sales.ts\`; see [the page](../../${page}#recording-a-sale).\n`,
      );
      expect(allMissingPaths(root)).toEqual([
        { document: 'services/shop/README.md', line: 1, path: 'services/shop/src/store/sales.ts' },
      ]);
      expect(brokenAnchors(root).map((b) => b.reference)).toEqual([`${page}#refunds`]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
