import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

/**
 * The paths the repository's READMEs and docs name, and those that do not exist: a README
 * that points at a moved file sends the next engineer nowhere. A path is a backticked
 * `folder/file` or a Markdown link target, read from the repository root when it starts
 * with a top-level folder, else from the document's own folder.
 */

const TOP_LEVEL = [
  'services',
  'shared',
  'events',
  'web',
  'localstack',
  'tests',
  'infra',
  'tools',
  'docs',
  'scripts',
  '.ci',
];

/** Generated output a document may name that a fresh clone does not have yet. */
const GENERATED = /^(\.local|web\/dist|cdk\.out|test-results|node_modules)(\/|$)/;

/**
 * Documents that describe the repository as it is: READMEs and docs, not dependencies or
 * generated output, and not the ADRs, which record what was true when they were decided.
 */
export function documents(root: string): string[] {
  const skip = new Set(['node_modules', '.git', '.local', 'dist', 'cdk.out', 'test-results']);
  const found: string[] = [];
  const walk = (folder: string) => {
    for (const entry of readdirSync(join(root, folder), { withFileTypes: true })) {
      if (skip.has(entry.name)) continue;
      const path = folder ? `${folder}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        if (path !== 'docs/adr') walk(path);
      } else if (entry.name.endsWith('.md')) found.push(path);
    }
  };
  walk('');
  return found.sort();
}

/** A candidate as written, without a line or anchor suffix; null when it is no path. */
function asPath(candidate: string): string | null {
  const text = candidate
    .trim()
    .replace(/#.*$/, '')
    .replace(/:\d+(-\d+)?$/, '');
  if (!text.includes('/') || /\s/.test(text)) return null;
  // Patterns, placeholders, URLs, routes and package names are not files.
  if (/[*<>{}$|()[\]]|__|\.\.\.|…/.test(text)) return null;
  if (/^(https?:|mailto:|\/|@|~)/.test(text)) return null;
  if (/^[a-z]+:\/\//.test(text)) return null;
  return text.replace(/^\.\//, '');
}

export interface MissingPath {
  document: string;
  line: number;
  path: string;
}

/** Every path a document names that does not exist. */
export function missingPaths(root: string, document: string): MissingPath[] {
  const text = readFileSync(join(root, document), 'utf8');
  const folder = dirname(document);
  const missing: MissingPath[] = [];
  text.split('\n').forEach((line, index) => {
    const candidates = [
      ...[...line.matchAll(/`([^`]+)`/g)].map((m) => ({ text: m[1] ?? '', link: false })),
      ...[...line.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => ({ text: m[1] ?? '', link: true })),
    ];
    for (const candidate of candidates) {
      const path = asPath(candidate.text);
      if (path === null || GENERATED.test(path)) continue;
      const fromRoot = TOP_LEVEL.some((top) => path === top || path.startsWith(`${top}/`));
      // A backticked path with no top-level folder must name something in the document's folder;
      // one naming nothing there is a path of another kind (a route, a key), not checked.
      const resolved = fromRoot ? path : join(folder, path);
      if (!fromRoot && !candidate.link && !existsSync(join(root, folder, path.split('/')[0] ?? ''))) continue;
      const inRepository = relative(root, join(root, resolved));
      // Outside the repository is missing for whoever clones it, even where it exists here.
      if (inRepository.startsWith('..') || !existsSync(join(root, resolved)))
        missing.push({ document, line: index + 1, path: inRepository });
    }
  });
  return missing;
}

export function allMissingPaths(root: string): MissingPath[] {
  return documents(root).flatMap((document) => missingPaths(root, document));
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
export function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

const anchorsCache = new Map<string, Set<string>>();

/** The anchors of a Markdown file's headings (a repeated heading gets -1, -2 ...). */
export function anchorsOf(root: string, document: string): Set<string> {
  const cached = anchorsCache.get(document);
  if (cached) return cached;
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let fenced = false;
  for (const line of readFileSync(join(root, document), 'utf8').split('\n')) {
    if (line.startsWith('```')) fenced = !fenced;
    const heading = !fenced && /^#{1,6}\s+(.*)$/.exec(line);
    if (!heading) continue;
    const base = slug(heading[1] ?? '');
    const count = seen.get(base) ?? 0;
    anchors.add(count === 0 ? base : `${base}-${count}`);
    seen.set(base, count + 1);
  }
  anchorsCache.set(document, anchors);
  return anchors;
}

export interface BrokenAnchor {
  file: string;
  line: number;
  reference: string;
}

const CODE = /\.(ts|tsx|js|mjs|cjs|md)$/;
const REFERENCE = /\b(docs\/[\w./-]+\.md)#([\w-]+)/g;

/** Every `docs/<page>.md#<anchor>` in code and docs whose page or heading does not exist. */
export function brokenAnchors(root: string): BrokenAnchor[] {
  const skip = new Set(['node_modules', '.git', '.local', 'dist', 'cdk.out', 'test-results']);
  const files: string[] = [];
  const walk = (folder: string) => {
    for (const entry of readdirSync(join(root, folder), { withFileTypes: true })) {
      if (skip.has(entry.name)) continue;
      const path = folder ? `${folder}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(path);
      else if (CODE.test(entry.name)) files.push(path);
    }
  };
  walk('');
  return files.flatMap((file) =>
    readFileSync(join(root, file), 'utf8')
      .split('\n')
      .flatMap((text, index) =>
        [...text.matchAll(REFERENCE)].flatMap(([reference, page = '', anchor = '']) =>
          existsSync(join(root, page)) && anchorsOf(root, page).has(anchor)
            ? []
            : [{ file, line: index + 1, reference }],
        ),
      ),
  );
}
