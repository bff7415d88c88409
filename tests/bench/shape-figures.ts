import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { allMissingPaths } from '../../tools/docs/readme-paths';
import { REPO_ROOT, row } from './stats';

/**
 * The figures of the issue "One shape for every domain" (docs/adr/0017): imports between web
 * features, exact copies in services/, references to material outside the repository,
 * README paths that do not exist and the largest production file.
 */

/** Every file under `folder` (repository-relative), dependencies and output left out. */
function filesUnder(folder: string): string[] {
  const skip = new Set(['node_modules', 'dist', '.git', '.local', 'cdk.out', 'test-results']);
  const out: string[] = [];
  const walk = (path: string) => {
    let entries;
    try {
      entries = readdirSync(join(REPO_ROOT, path), { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      if (skip.has(entry.name)) continue;
      const child = `${path}/${entry.name}`;
      if (entry.isDirectory()) walk(child);
      else out.push(child);
    }
  };
  walk(folder);
  return out;
}

const IMPORT = /(?:from|import)\s*\(?\s*['"](\.[^'"]+)['"]/g;

/** Imports from one web feature into another: pairs of features, and imports. */
export function featureImports(): { pairs: number; imports: number; examples: string[] } {
  const pairs = new Map<string, number>();
  for (const file of filesUnder('web/src/features').filter((f) => /\.tsx?$/.test(f))) {
    const own = file.split('/')[3];
    for (const match of readFileSync(join(REPO_ROOT, file), 'utf8').matchAll(IMPORT)) {
      const target = normalize(join(dirname(file), match[1] ?? ''));
      const other = target.startsWith('web/src/features/') ? target.split('/')[3] : undefined;
      if (other && other !== own) pairs.set(`${own} → ${other}`, (pairs.get(`${own} → ${other}`) ?? 0) + 1);
    }
  }
  return {
    pairs: pairs.size,
    imports: [...pairs.values()].reduce((a, b) => a + b, 0),
    examples: [...pairs.keys()].slice(0, 10),
  };
}

/** Exact (not only alike in shape) copied runs of 6+ lines in services/, tests included. */
export function exactDuplicatePairs(): number | string {
  try {
    const out = execFileSync(
      'duplicates',
      ['--repo', join(REPO_ROOT, 'services'), '--most', '1', '--seconds', '120'],
      {
        encoding: 'utf8',
      },
    );
    if (/^no duplicates/m.test(out)) return 0;
    const total = /^(\d+) pairs? of places/m.exec(out);
    if (!total) return 'unreadable';
    const shapeOnly = /\((\d+) by shape alone/.exec(out);
    return Number(total[1]) - Number(shapeOnly?.[1] ?? 0);
  } catch {
    return 'the duplicates tool is not installed';
  }
}

const SOURCE = /\.(ts|tsx|js|mjs|cjs|sh|json)$/;
const OUTSIDE_REFERENCE = /\.\.\/shared\/(spec|DESIGN)|\bspec sections? \d|\bSpec sections? \d|\bDESIGN \d/;

/** Code and tests citing a specification or design kept outside the repository. */
export function outsideReferences(): string[] {
  const folders = [
    'services',
    'shared',
    'events',
    'web/src',
    'localstack',
    'tests',
    'infra',
    'tools',
    'scripts',
  ];
  return folders.flatMap((folder) =>
    filesUnder(folder)
      .filter((file) => SOURCE.test(file))
      .flatMap((file) =>
        readFileSync(join(REPO_ROOT, file), 'utf8')
          .split('\n')
          .flatMap((line, i) => (OUTSIDE_REFERENCE.test(line) ? [`${file}:${i + 1}`] : [])),
      ),
  );
}

/** Production files allowed past the limit: data tables and the search index (docs/adr/0011). */
const LONG_BY_NATURE = new Set([
  'localstack/src/marketplace/catalogue.ts',
  'services/catalog/src/search/catalog-index.ts',
]);
export const LARGEST_FILE_LINES = 450;

/** The longest production source files (not tests, not fixtures). */
export function largestProductionFiles(): { file: string; lines: number }[] {
  const folders = ['services', 'shared/src', 'events/src', 'web/src', 'localstack/src', 'infra/src', 'tools'];
  return folders
    .flatMap((folder) => filesUnder(folder))
    .filter(
      (file) =>
        /\.tsx?$/.test(file) &&
        !/\.test\.tsx?$/.test(file) &&
        !/(^|\/)(test|tests|test-support|templates)\//.test(file) &&
        !/test-support\.tsx?$/.test(file) &&
        !LONG_BY_NATURE.has(file),
    )
    .map((file) => ({ file, lines: readFileSync(join(REPO_ROOT, file), 'utf8').split('\n').length }))
    .sort((a, b) => b.lines - a.lines);
}

export function printShapeFigures(): void {
  const features = featureImports();
  row(
    'web feature → feature imports (target 0)',
    `${features.pairs} pairs, ${features.imports} imports${features.examples.length ? `: ${features.examples.join(', ')}` : ''}`,
  );
  row('exact duplicate pairs in services/, tests included (target <= 20)', String(exactDuplicatePairs()));
  const references = outsideReferences();
  row('references to ../shared/ (spec, DESIGN) in code and tests (target 0)', String(references.length));
  for (const reference of references.slice(0, 10)) console.log(`    ${reference}`);
  const missing = allMissingPaths(REPO_ROOT);
  row('README and docs paths that do not exist (target 0)', String(missing.length));
  for (const { document, line, path } of missing.slice(0, 10)) console.log(`    ${document}:${line} ${path}`);
  const [largest, ...others] = largestProductionFiles();
  const over = [largest, ...others].filter((f) => f && f.lines > LARGEST_FILE_LINES);
  row(
    `largest production file (target <= ${LARGEST_FILE_LINES} lines, data tables and the search index apart)`,
    largest
      ? `${largest.file} ${largest.lines} lines ${over.length === 0 ? 'ok' : `OVER: ${over.length} files`}`
      : 'none',
  );
  for (const file of over.slice(0, 10)) if (file) console.log(`    ${file.file} ${file.lines}`);
}
