import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterAll, describe, expect, it } from 'vitest';
import { cycleConfig } from '../index.js';
import { createFixture } from './fixture.js';

/** The cycle rule is import-x's; what is ours, and easy to get silently wrong, is its configuration. */
describe('no-cycle configuration', () => {
  const fixture = createFixture();
  afterAll(() => fixture.remove());

  const lint = async (paths) => {
    const eslint = new ESLint({
      cwd: fixture.root,
      overrideConfigFile: true,
      overrideConfig: [{ languageOptions: { parser: tseslint.parser } }, cycleConfig(fixture.root)],
    });
    const results = await eslint.lintFiles(paths);
    return results
      .flatMap((result) =>
        result.messages.map(
          (message) => `${result.filePath.slice(fixture.root.length + 1)}: ${message.ruleId}`,
        ),
      )
      .sort();
  };

  it('reports every import of a cycle, also one that goes through a workspace package name', async () => {
    expect(await lint(['shared/src/loop-a.ts', 'shared/src/loop-b.ts', 'services/a/src/loop-c.ts'])).toEqual([
      'services/a/src/loop-c.ts: import-x/no-cycle',
      'shared/src/loop-a.ts: import-x/no-cycle',
      'shared/src/loop-b.ts: import-x/no-cycle',
    ]);
  });

  it('ignores cycles of type-only imports and acyclic imports', async () => {
    expect(
      await lint([
        'shared/src/type-loop-a.ts',
        'shared/src/type-loop-b.ts',
        'shared/src/labels.ts',
        'services/registry.ts',
      ]),
    ).toEqual([]);
  });
});
