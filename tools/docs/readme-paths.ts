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
