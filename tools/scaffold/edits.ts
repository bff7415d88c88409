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
 * services/registry.ts: the domain's two functions (its API and its events), imported in
 * folder order among the other functions' imports and appended last to `functions`.
 */
export function addToRegistry(source: string, n: Names): string {
  const file = 'services/registry.ts';
  const imports = [
    `import { ${n.camel}Function } from './${n.kebab}/src/functions/${n.kebab}';`,
    `import { ${n.camel}EventsFunction } from './${n.kebab}/src/functions/${n.kebab}-events';`,
  ];
  const entries = [
    `{ definition: ${n.camel}Function, entry: entry('${n.kebab}') }`,
    `{ definition: ${n.camel}EventsFunction, entry: entry('${n.kebab}', '${n.kebab}-events') }`,
  ];
  const fail = (reason: string) =>
    new EditError(file, reason, [...imports, ...entries.map((e) => `  ${e},`)]);
  let lines = source.split(EOL);
  for (const importLine of imports) {
    if (lines.includes(importLine)) continue;
    const functionImport = /^import \{ \w+ \} from '\.\/([\w-]+\/src\/[\w/.-]+)';$/;
    const key = importLine.replace(/^.* from '\.\/(.*)';$/, '$1');
    lines =
      insertSorted(lines, functionImport, importLine, key) ?? fail('no import of a function found').raise();
  }
  for (const entry of entries) {
    if (lines.some((l) => l.includes(entry))) continue;
    lines =
      appendToArray(lines, /^export const functions\b/, entry) ??
      fail('no `export const functions = [ ... ];` array found').raise();
  }
  return lines.join(EOL);
}

/** README.md: the domain's row in the Services table (after the table's last row). */
export function addServiceRow(source: string, n: Names): string {
  const file = 'README.md';
  const row = `| \`${n.kebab}\` | ${n.title}: scaffolded, see [services/${n.kebab}/README.md](services/${n.kebab}/README.md) (\`things\`, \`tallies\`) | \`${n.kebab}\`, \`${n.kebab}-events\` |`;
  const lines = source.split(EOL);
  if (lines.some((l) => l.startsWith(`| \`${n.kebab}\``))) return source;
  const heading = lines.findIndex((l) => /^## Services\s*$/.test(l));
  if (heading < 0) new EditError(file, 'no `## Services` heading found', [row]).raise();
  let last = -1;
  for (let i = heading + 1; i < lines.length && !/^## /.test(lines[i] ?? ''); i++)
    if ((lines[i] ?? '').startsWith('|')) last = i;
  if (last < 0) new EditError(file, 'no table under `## Services`', [row]).raise();
  return insertAt(lines, last + 1, row).join(EOL);
}

/**
 * localstack/src/demo-seed/index.ts: the domain's sample-data step, called before the marker
 * line that ends the domain steps.
 */
export function addDemoSeedStep(source: string, n: Names): string {
  const file = 'localstack/src/demo-seed/index.ts';
  const importLine = `import { seedDemo${n.pascal} } from './${n.kebab}';`;
  const step = `  if (await seedDemo${n.pascal}()) created.push('demo_${n.constant.toLowerCase()}');`;
  const fail = (reason: string) => new EditError(file, reason, [importLine, step]);
  let lines = source.split(EOL);
  if (!lines.includes(importLine)) {
    const seedImport = /^import \{ [\w, ]+ \} from '\.\/([\w-]+)';$/;
    lines =
      insertSorted(lines, seedImport, importLine, n.kebab) ?? fail('no import of a seed step found').raise();
  }
  if (!lines.includes(step)) {
    const marker = lines.findIndex((l) => l.includes(DEMO_SEED_MARKER));
    if (marker < 0) fail(`no line with "${DEMO_SEED_MARKER}" found`).raise();
    lines = insertAt(lines, marker, step);
  }
  return lines.join(EOL);
}

/** The comment that ends the domain steps in localstack/src/demo-seed/index.ts. */
export const DEMO_SEED_MARKER = 'New domains add their step above this line';

/**
 * shared/src/rules/section-routes.ts: the claimed section gates the domain's routes too, so
 * a flag that hides the section in the SPA refuses its API.
 */
export function addSectionRoutes(source: string, n: Names, section: string): string {
  const file = 'shared/src/rules/section-routes.ts';
  const item = `['${n.kebab}.', '${section}']`;
  const lines = source.split(EOL);
  if (lines.some((l) => l.includes(item))) return source;
  return (
    appendToArray(lines, /^const SECTION_PREFIXES\b/, item) ??
    new EditError(file, 'no `const SECTION_PREFIXES = [ ... ];` list found', [`  ${item},`]).raise()
  ).join(EOL);
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
