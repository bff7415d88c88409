import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { allMissingPaths } from './readme-paths';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

describe('the paths the READMEs and docs name', () => {
  it('all exist in the repository', () => {
    const missing = allMissingPaths(ROOT).map(({ document, line, path }) => `${document}:${line} ${path}`);
    expect(missing).toEqual([]);
  });
});
