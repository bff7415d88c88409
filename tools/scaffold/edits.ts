import type { Names } from './names';

/**
 * The edits a new domain makes to shared files, as pure string → string functions. Each is
 * idempotent (running it twice changes nothing more) and refuses, naming the lines to add
 * by hand, when the file no longer has the shape it expects.
 */
export class EditError extends Error {
  constructor(file: string, reason: string, lines: readonly string[]) {
    super(`${file}: ${reason}. Add by hand:\n${lines.map((l) => `  ${l}`).join('\n')}`);
    this.name = 'EditError';
  }

  /** Throws itself: usable after `??`. */
  raise(): never {
    throw this;
  }
}

const EOL = '\n';

function insertAt(lines: string[], index: number, added: string): string[] {
  return [...lines.slice(0, index), added, ...lines.slice(index)];
}

/** Index of the last line matching `pattern`, or -1. */
function lastIndex(lines: readonly string[], pattern: RegExp): number {
  for (let i = lines.length - 1; i >= 0; i--) if (pattern.test(lines[i] ?? '')) return i;
  return -1;
}

/** The line closing the array literal opened on line `open` (the first `]` at column 0 after it). */
function arrayEnd(lines: readonly string[], open: number): number {
  for (let i = open + 1; i < lines.length; i++) if (/^\](\s+as const)?;/.test(lines[i] ?? '')) return i;
  return -1;
}

/**
 * Appends `item` to the array literal declared by the line matching `declaration`, written
 * over several lines (as Prettier leaves a long one) or on one line. Null when none is found.
 */
function appendToArray(lines: readonly string[], declaration: RegExp, item: string): string[] | null {
  const open = lines.findIndex((l) => declaration.test(l));
  if (open < 0) return null;
  const line = lines[open] ?? '';
  if (/=\s*\[$/.test(line)) {
    const end = arrayEnd(lines, open);
    return end < 0 ? null : insertAt([...lines], end, `  ${item},`);
  }
  const oneLine = /^(.*=\s*\[)(.*)(\](\s+as const)?;)$/.exec(line);
  if (!oneLine) return null;
  const items = oneLine[2]?.trim().replace(/,$/, '') ?? '';
  const copy = [...lines];
  copy[open] = `${oneLine[1]}${items ? `${items}, ` : ''}${item}${oneLine[3]}`;
  return copy;
}

/** Inserts `line` among the lines matching `pattern` (whose group 1 is the sort key), in key order. */
function insertSorted(lines: readonly string[], pattern: RegExp, line: string, key: string): string[] | null {
  const matches = lines.flatMap((l, i) => {
    const match = pattern.exec(l);
    return match ? [{ i, key: match[1] ?? '' }] : [];
  });
  const last = matches.at(-1);
  if (!last) return null;
  const after = matches.find((m) => m.key > key);
  return insertAt([...lines], after ? after.i : last.i + 1, line);
}

/** True when `lines` has an array item `item` (its own line, or inside a one-line array). */
function hasItem(lines: readonly string[], item: string): boolean {
  const pattern = new RegExp(`(^\\s*|[[,]\\s*)${item}\\s*(,|\\]|$)`);
  return lines.some((l) => pattern.test(l));
}

/**
 * services/registry.ts: the service's import (in folder order among the service imports)
 * and its manifest entry (last in `services`).
 */
export function addToRegistry(source: string, n: Names): string {
  const importLine = `import { ${n.camel}Service } from './${n.kebab}/src/service';`;
  const entry = `{ definition: ${n.camel}Service, entry: entry('${n.kebab}') }`;
  const fail = (reason: string) => new EditError('services/registry.ts', reason, [importLine, `  ${entry},`]);
  let lines = source.split(EOL);
  if (!lines.includes(importLine)) {
    const servicePath = /^import \{ \w+ \} from '\.\/([\w-]+)\/src\/service';$/;
    lines = insertSorted(lines, servicePath, importLine, n.kebab) ?? fail('no service import found').raise();
  }
  if (!lines.some((l) => l.includes(`entry('${n.kebab}')`)))
    lines =
      appendToArray(lines, /^export const services\b/, entry) ??
      fail('no `export const services = [ ... ];` array found').raise();
  return lines.join(EOL);
}

/** An index module: `export * from './<module>';` after its last `export * from` line. */
export function addExportAll(source: string, file: string, module: string): string {
  const line = `export * from './${module}';`;
  const lines = source.split(EOL);
  if (lines.includes(line)) return source;
  const last = lastIndex(lines, /^export \* from '/);
  if (last < 0) new EditError(file, 'no `export * from` line found', [line]).raise();
  return insertAt(lines, last + 1, line).join(EOL);
}

/** events/src/index.ts: the module's exports, and its event in `eventCatalogue`. */
export function addToEventIndex(source: string, n: Names): string {
  const file = 'events/src/index.ts';
  const event = `${n.camel}ThingCreated`;
  const importLine = `import { ${event} } from './${n.kebab}';`;
  const fail = (reason: string) => new EditError(file, reason, [importLine, `  ${event},`]);
  let lines = addExportAll(source, file, n.kebab).split(EOL);
  if (!lines.includes(importLine)) {
    const last = lastIndex(lines, /^import .* from '\.\/[\w-]+';$/);
    if (last < 0) fail('no import of an event module found').raise();
    lines = insertAt(lines, last + 1, importLine);
  }
  if (!hasItem(lines, event))
    lines =
      appendToArray(lines, /^export const eventCatalogue\b/, event) ??
      fail('no `export const eventCatalogue = [ ... ]` found').raise();
  return lines.join(EOL);
}

/**
 * web/src/app/dashboard/section-screens.ts: the feature's module, imported from
 * its `sections.ts` (in folder order) and appended to the FeatureModules the dashboard composes.
 */
export function addFeatureModule(source: string, n: Names): string {
  const file = 'web/src/app/dashboard/section-screens.ts';
  const module = `${n.camel}Module`;
  const importLine = `import { ${module} } from '../../features/${n.kebab}/sections';`;
  const fail = (reason: string) => new EditError(file, reason, [importLine, `  ${module},`]);
  let lines = source.split(EOL);
  if (!lines.includes(importLine)) {
    const featureSections = /^import \{ \w+ \} from '\.\.\/\.\.\/features\/([\w-]+)\/sections';$/;
    lines =
      insertSorted(lines, featureSections, importLine, n.kebab) ??
      fail('no import of a feature `sections` module found').raise();
  }
  if (!hasItem(lines, module))
    lines =
      appendToArray(lines, /^export const FEATURE_MODULES\b/, module) ??
      fail('no `export const FEATURE_MODULES = [ ... ];` list found').raise();
  return lines.join(EOL);
}
