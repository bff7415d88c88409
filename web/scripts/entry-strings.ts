// Which parts' English strings (docs/adr/0007-strings-per-feature.md) ship in an HTML entry's
// initial JavaScript: the landing (index.html) should carry the core and the landing's only,
// a shared list (share.html) the core and the public list's only.
// Usage: npm run build -w web && npx tsx web/scripts/entry-strings.ts [index.html|share.html]
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const WEB = fileURLToPath(new URL('..', import.meta.url));
const SHARED = fileURLToPath(new URL('../../shared/src', import.meta.url));

interface ManifestChunk {
  file: string;
  imports?: string[];
}

/** The JavaScript an HTML entry loads before anything else: its chunk and static imports. */
export function initialFiles(dist: string, entry: string): string[] {
  const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const child of chunk.imports ?? []) visit(child);
  };
  visit(entry);
  return [...files].filter((file) => file.endsWith('.js'));
}

/** Every part's English file by part name ('core' for src/i18n, else the folder's name). */
export function englishParts(src = join(WEB, 'src')): Map<string, unknown> {
  const parts = new Map<string, unknown>();
  for (const file of readdirSync(src, { recursive: true, encoding: 'utf8' })) {
    const path = relative(src, join(src, file)).split(sep).join('/');
    if (!/(^|\/)i18n\/en\.json$/.test(path)) continue;
    const name = path === 'i18n/en.json' ? 'core' : (path.split('/').at(-3) ?? path);
    parts.set(name, JSON.parse(readFileSync(join(src, file), 'utf8')));
  }
  return parts;
}

/**
 * The code's own text (contract messages, a component's default label): a string that is also
 * there tells nothing about which part shipped.
 */
export function sourceText(dirs = [SHARED, join(WEB, 'src')]): string {
  return dirs
    .flatMap((dir) =>
      readdirSync(dir, { recursive: true, encoding: 'utf8' })
        .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
        .map((file) => readFileSync(join(dir, file), 'utf8')),
    )
    .join('\n');
}

function leaves(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  return value !== null && typeof value === 'object' ? Object.values(value).flatMap(leaves) : [];
}

/**
 * The parts with at least one string in `code`. Only strings long enough to be telling, found
 * in no other part nor in `source`, and free of characters a minifier escapes are looked for.
 */
export function partsIn(code: string, parts: Map<string, unknown>, source = ''): string[] {
  const owners = new Map<string, Set<string>>();
  for (const [name, tree] of parts)
    for (const text of leaves(tree)) owners.set(text, (owners.get(text) ?? new Set()).add(name));
  const found = new Set<string>();
  for (const [text, names] of owners) {
    if (names.size !== 1 || text.length < 16 || !/^[\w ,.!?'()&:;/-]+$/.test(text)) continue;
    if (source.includes(text)) continue;
    if (code.includes(text)) found.add([...names][0] ?? '');
  }
  return [...found].sort();
}

/** The parts whose strings ship in `entry`'s initial JavaScript in the build at `dist`. */
export function entryParts(entry: string, dist = join(WEB, 'dist')): string[] {
  const code = initialFiles(dist, entry)
    .map((file) => readFileSync(join(dist, file), 'utf8'))
    .join('\n');
  return partsIn(code, englishParts(), sourceText());
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  for (const entry of process.argv.length > 2 ? process.argv.slice(2) : ['index.html', 'share.html'])
    console.log(`${entry} initial JS carries the strings of: ${entryParts(entry).join(', ')}`);
}
