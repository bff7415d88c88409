import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import '../test/setup';
import { KEY_COUNTS, SUPPORTED_LANGUAGES, countLeafKeys, type Language, type StringsPart } from '.';

// The parts and where their code runs (docs/adr/0007-strings-per-feature.md), checked from the
// files themselves: every key a folder's code shows must be loaded wherever that code renders.

const SRC = join(dirname(fileURLToPath(import.meta.url)), '..');
const posix = (path: string) => path.split(sep).join('/');

type Tree = Record<string, unknown>;
const isTree = (value: unknown): value is Tree => value !== null && typeof value === 'object';

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? walk(join(dir, entry.name)) : [posix(relative(SRC, join(dir, entry.name)))],
  );
}
const FILES = walk(SRC);

/** Every part's folder (src-relative, without `/i18n`), 'i18n' itself being the core's. */
const PART_FOLDERS = FILES.filter((file) => /(^|\/)i18n\/en\.json$/.test(file)).map((file) =>
  file === 'i18n/en.json' ? 'i18n' : file.slice(0, -'/i18n/en.json'.length),
);
const jsonOf = (folder: string, lng: Language): Tree => {
  const dir = folder === 'i18n' ? 'i18n' : `${folder}/i18n`;
  return JSON.parse(readFileSync(join(SRC, dir, `${lng}.json`), 'utf8')) as Tree;
};
const nameOf = (folder: string) => (folder === 'i18n' ? 'core' : (folder.split('/').at(-1) ?? folder));

function flatKeys(value: unknown, prefix = ''): string[] {
  if (!isTree(value)) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => flatKeys(child, prefix ? `${prefix}.${key}` : key));
}
function leafAt(tree: unknown, key: string): unknown {
  return key.split('.').reduce<unknown>((node, segment) => (isTree(node) ? node[segment] : undefined), tree);
}
function merge(into: Tree, from: Tree): Tree {
  for (const [key, value] of Object.entries(from)) {
    const existing = into[key];
    into[key] = isTree(existing) && isTree(value) ? merge({ ...existing }, value) : value;
  }
  return into;
}

/** Every exported StringsPart, by the name of the variable that holds it. */
const STRINGS_MODULES = import.meta.glob<Record<string, unknown>>(['../**/strings.ts', '../i18n/index.ts'], {
  eager: true,
});
const isPart = (value: unknown): value is StringsPart =>
  isTree(value) && typeof value.name === 'string' && isTree(value.sources);
const PARTS = new Map<string, { part: StringsPart; file: string }>();
for (const [file, module] of Object.entries(STRINGS_MODULES))
  for (const [variable, value] of Object.entries(module))
    if (isPart(value)) PARTS.set(variable, { part: value, file: posix(join('i18n', file)) });
const partNamed = (name: string) => [...PARTS.values()].find(({ part }) => part.name === name)?.part;

function withNeeds(names: Iterable<string>): Set<string> {
  const all = new Set<string>();
  const visit = (part: StringsPart | undefined) => {
    if (!part || all.has(part.name)) return;
    all.add(part.name);
    for (const need of part.needs ?? []) visit(need);
  };
  for (const name of names) visit(partNamed(name));
  return all;
}

/**
 * What app/router.tsx loads with each route module: `withStrings(import('./routes/x'), a, b)`.
 */
function routeParts(): Map<string, string[]> {
  const source = readFileSync(join(SRC, 'app/router.tsx'), 'utf8');
  const routes = new Map<string, string[]>();
  for (const [, path, args] of source.matchAll(
    /withStrings\(\s*import\('\.\/(routes\/[\w-]+)'\),([^)]*)\)/g,
  )) {
    const names = (args ?? '')
      .split(',')
      .map((variable) => variable.trim())
      .filter(Boolean)
      .map((variable) => PARTS.get(variable)?.part.name ?? `unknown part ${variable}`);
    routes.set(`app/${path}.tsx`, names);
  }
  return routes;
}
const ROUTE_PARTS = routeParts();

/** Features whose code runs in a light entry (index.html's landing, share.html, store.html), outside the app root. */
const LIGHT_ENTRY_FEATURES = new Set(['landing', 'public-list', 'shop']);
/** Files outside features that only run under a route that loads more than the app's strings. */
const CALLED_FROM: Record<string, string[]> = {
  // Its callers are the onboarding and profile routes, which load the onboarding part.
  'lib/avatar-upload.ts': ['onboarding'],
};

/** The parts loaded wherever `file`'s code renders. */
function availableTo(file: string): Set<string> {
  const feature = /^features\/([^/]+)\//.exec(file)?.[1];
  if (feature) {
    // Code in a part's folder inside a feature (the catalogue picker) shows that part, loaded with it.
    const inner = PART_FOLDERS.find(
      (folder) => folder.split('/').length > 2 && file.startsWith(`${folder}/`),
    );
    const parts = withNeeds([inner ? nameOf(inner) : feature]);
    parts.add('core');
    if (!LIGHT_ENTRY_FEATURES.has(feature)) parts.add('app');
    // A dashboard feature renders inside the dashboard shell.
    if (FILES.includes(`features/${feature}/sections.ts`)) parts.add('dashboard');
    return parts;
  }
  // Code in a part's folder outside the features (app/dashboard, components/catalog-picker) shows that part, loaded with it.
  const own = PART_FOLDERS.find(
    (folder) => /^(app|components|lib)\//.test(folder) && file.startsWith(`${folder}/`),
  );
  const ownParts = own ? [nameOf(own)] : [];
  if (file.startsWith('app/') || file.startsWith('lib/'))
    return withNeeds([
      'core',
      'app',
      ...ownParts,
      ...(ROUTE_PARTS.get(file) ?? []),
      ...(CALLED_FROM[file] ?? []),
    ]);
  return withNeeds(['core', ...ownParts]);
}

const SOURCES = FILES.filter(
  (file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && !file.startsWith('test/'),
);
/** Comments name keys in prose ("e.g. t('clients.toast.loadError')"); only code counts. */
const withoutComments = (source: string) =>
  source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');

const english = Object.fromEntries(PART_FOLDERS.map((folder) => [nameOf(folder), jsonOf(folder, 'en')]));
const everything = Object.values(english).reduce<Tree>((all, tree) => merge(all, tree), {});
const TOP_KEYS = new Set(Object.keys(everything));
const resolves = (tree: Tree, key: string) =>
  key.endsWith('.')
    ? isTree(leafAt(tree, key.slice(0, -1)))
    : typeof leafAt(tree, key) === 'string' || typeof leafAt(tree, `${key}_other`) === 'string';

/** Translation keys in a source: t('a.b') arguments, key-shaped literals, `a.b.${x}` prefixes. */
function keysIn(source: string): { key: string; called: boolean }[] {
  const code = withoutComments(source);
  const found: { key: string; called: boolean }[] = [];
  for (const [, single, double] of code.matchAll(/\bt\(\s*(?:'([^']+)'|"([^"]+)")/g))
    found.push({ key: single ?? double ?? '', called: true });
  for (const [, key = ''] of code.matchAll(/['"]([a-zA-Z]+(?:\.[\w-]+)+)['"]/g))
    if (TOP_KEYS.has(key.split('.')[0] ?? '') && resolves(everything, key))
      found.push({ key, called: false });
  for (const [, prefix = ''] of code.matchAll(/`([a-zA-Z]+(?:\.[\w-]+)*\.)\$\{/g))
    if (TOP_KEYS.has(prefix.split('.')[0] ?? '')) found.push({ key: prefix, called: true });
  return found;
}

describe('strings per feature', () => {
  it('has a core, an app part and parts in feature folders', () => {
    expect(PART_FOLDERS).toContain('i18n');
    expect(PART_FOLDERS).toContain('app');
    // A feature's part, or one inside it that loads with its own code (features/sales/sell-dialog),
    // or the part of a folder of the app or a shared component (app/dashboard, components/catalog-picker).
    for (const folder of PART_FOLDERS)
      expect(folder, folder).toMatch(/^(i18n|app|(app|components|lib)\/[\w-]+|features\/[\w-]+(\/[\w-]+)?)$/);
  });

  it('gives every language of every part exactly the same keys, none empty', () => {
    for (const folder of PART_FOLDERS) {
      const en = jsonOf(folder, 'en');
      for (const lng of SUPPORTED_LANGUAGES) {
        const bundle = jsonOf(folder, lng);
        expect(flatKeys(bundle).sort(), `${folder} ${lng}`).toEqual(flatKeys(en).sort());
        for (const key of flatKeys(bundle))
          expect(leafAt(bundle, key), `${folder} ${lng} ${key}`).not.toBe('');
      }
    }
  });

  it('keeps each key in one part only', () => {
    const owners = new Map<string, string>();
    for (const [name, tree] of Object.entries(english))
      for (const key of flatKeys(tree)) {
        expect(owners.get(key), `${key} in ${owners.get(key)} and ${name}`).toBeUndefined();
        owners.set(key, name);
      }
  });

  it('counts whole languages at build time over every part', () => {
    for (const lng of SUPPORTED_LANGUAGES)
      expect(KEY_COUNTS[lng], lng).toBe(
        PART_FOLDERS.reduce((sum, folder) => sum + countLeafKeys(jsonOf(folder, lng)), 0),
      );
    expect(KEY_COUNTS.en).toBeGreaterThan(500);
  });

  it('defines each part in its folder, named after it, loading its own files', async () => {
    const names = [...PARTS.values()].map(({ part }) => part.name);
    expect(names.sort()).toEqual(PART_FOLDERS.map(nameOf).sort());
    for (const { part, file } of PARTS.values()) {
      const folder = PART_FOLDERS.find((f) => nameOf(f) === part.name) ?? '';
      expect(file, part.name).toBe(folder === 'i18n' ? 'i18n/index.ts' : `${folder}/i18n/strings.ts`);
      for (const lng of SUPPORTED_LANGUAGES) {
        const source = part.sources[lng];
        const strings = typeof source === 'function' ? (await source()).default : source;
        expect(strings, `${part.name} ${lng}`).toEqual(jsonOf(folder, lng));
      }
    }
  });

  it('ships English inline only in the core and the light entries', () => {
    const inline = [...PARTS.values()]
      .filter(({ part }) => typeof part.sources.en !== 'function')
      .map(({ part }) => part.name);
    expect(inline.sort()).toEqual(['core', 'landing', 'public-list', 'shop']);
    for (const { part } of PARTS.values())
      for (const lng of SUPPORTED_LANGUAGES.filter((l) => l !== 'en'))
        expect(typeof part.sources[lng], `${part.name} ${lng}`).toBe('function');
  });

  it('loads every screen of a feature with its strings', () => {
    const entries = FILES.filter((file) => /^features\/[\w-]+\/(sections|pages)\.ts$/.test(file));
    expect(entries.length).toBeGreaterThan(5);
    for (const path of entries) {
      const own = `${path.split('/').slice(0, 2).join('/')}/i18n/strings.ts`;
      const variable = [...PARTS].find(([, { file }]) => file === own)?.[0];
      expect(variable, `${path}: its feature has no i18n/strings.ts`).toBeDefined();
      {
        const source = readFileSync(join(SRC, path), 'utf8');
        const imports = [...source.matchAll(/import\('\.\/[^']+'\)/g)].length;
        const loaded = [
          ...source.matchAll(new RegExp(`withStrings\\(\\s*import\\('\\./[^']+'\\),\\s*${variable}\\b`, 'g')),
        ].length;
        expect(imports, path).toBeGreaterThan(0);
        expect(loaded, `${path}: every import() goes through withStrings(..., ${variable})`).toBe(imports);
      }
    }
  });

  it('finds every key a file shows in the parts loaded where it renders', () => {
    const missing: string[] = [];
    let checked = 0;
    for (const file of SOURCES) {
      const keys = keysIn(readFileSync(join(SRC, file), 'utf8'));
      if (keys.length === 0) continue;
      const available = availableTo(file);
      const tree = [...available].reduce<Tree>((all, name) => merge(all, english[name] ?? {}), {});
      const seen = new Set<string>();
      for (const { key, called } of keys) {
        if (seen.has(key)) continue;
        seen.add(key);
        checked++;
        if (resolves(tree, key)) continue;
        // A dotted literal that is no key anywhere (a query key like 'profile.mine') is not a string.
        if (!called && !resolves(everything, key)) continue;
        missing.push(`${file}: ${key} (loaded there: ${[...available].sort().join(', ')})`);
      }
    }
    expect(missing).toEqual([]);
    expect(checked).toBeGreaterThan(400);
  });

  it('derives the route parts from the router', () => {
    expect(ROUTE_PARTS.get('app/routes/dashboard-route.tsx')).toEqual(['dashboard']);
    expect(ROUTE_PARTS.get('app/routes/home-route.tsx')).toEqual(['landing', 'coming-soon']);
  });
});
