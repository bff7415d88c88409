// @vitest-environment node
import { readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const WEB_SRC = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const SHARED_SRC = resolve(WEB_SRC, '../../shared/src');

/** Static value imports and re-exports of a module (`import type` is erased; lazy imports load later). */
function staticImports(source: string): string[] {
  const out: string[] = [];
  const pattern = /^(?:import|export)\s+(?!type\s)(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/gm;
  for (const match of source.matchAll(pattern)) if (match[1]) out.push(match[1]);
  return out;
}

function resolveModule(from: string, specifier: string): string | undefined {
  let base: string;
  if (specifier.startsWith('.')) base = resolve(dirname(from), specifier);
  else if (specifier === '@sneakers/shared') base = join(SHARED_SRC, 'index');
  else if (specifier.startsWith('@sneakers/shared/')) base = join(SHARED_SRC, specifier.slice(17));
  else return undefined; // a package
  return [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].find(
    (candidate) => statSync(candidate, { throwIfNoEntry: false })?.isFile() ?? false,
  );
}

/** Every source module share.html evaluates before its first paint. */
function shareGraph(): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const specifier of staticImports(readFileSync(file, 'utf8'))) {
      const target = resolveModule(file, specifier);
      if (target) visit(target);
    }
  };
  visit(join(WEB_SRC, 'share-main.tsx'));
  return seen;
}

describe("the shared list's first paint", () => {
  it('evaluates only the contracts it calls, never the index of every contract', () => {
    const graph = [...shareGraph()].map((file) => relative(resolve(WEB_SRC, '../..'), file));
    expect(graph).toContain('web/src/features/public-list/api/queries.ts');
    expect(graph).not.toContain('shared/src/index.ts');
    expect(graph).not.toContain('shared/src/contracts/index.ts');
    // What the list and its rating need; the dashboard's contracts load with the dashboard.
    for (const module of ['flags', 'crm', 'providers', 'commerce', 'catalog', 'admin'])
      expect(graph).not.toContain(`shared/src/contracts/${module}.ts`);
  });
});
