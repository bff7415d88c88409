import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ESLint } from 'eslint';
import ts from 'typescript';
import { type Bundle, budgetVerdict, buildBundles, printLargest } from './bundles';
import { printShapeFigures } from './shape-figures';
import { REPO_ROOT, row } from './stats';

/**
 * `npm run bench -- platform`: the figures of the issue "One platform for every domain",
 * without the local cloud: bundle sizes, duplicated blocks before and now, type-erasing
 * casts and import cycles.
 */

const BASE_COMMIT = 'b928dec';

/** The clone detector and its settings, the same for the base figures and today's. */
const JSCPD_ARGS = [
  ['--format', 'typescript,tsx'],
  ['--min-tokens', '50'],
  ['--min-lines', '5'],
  ['--mode', 'mild'],
].flat();
const CLONE_FOLDERS = ['services', 'shared', 'web/src'];
const NOT_SOURCE = ['**/node_modules/**', '**/dist/**'];
const TESTS = ['**/test/**', '**/*.test.ts', '**/*.test.tsx'];

interface CloneFigures {
  clones: number;
  lines: number;
  percentage: number;
}

/**
 * Measured once with `cloneFigures` on `git archive b928dec | tar -x -C /tmp/base`
 * (jscpd 4.1.1, the settings above).
 */
const BASE_CLONES: Record<'all' | 'production', CloneFigures> = {
  all: { clones: 68, lines: 557, percentage: 1.46 },
  production: { clones: 47, lines: 346, percentage: 1.18 },
};

interface JscpdReport {
  statistics: { total: { clones: number; duplicatedLines: number; percentage: number } };
}

/** jscpd over services/, shared/ and web/src of `root`, tests included or not. */
export function cloneFigures(root: string, withTests: boolean): CloneFigures {
  const output = mkdtempSync(join(tmpdir(), 'jscpd-'));
  try {
    const jscpd = join(REPO_ROOT, 'node_modules', 'jscpd', 'bin', 'jscpd');
    const ignore = [...NOT_SOURCE, ...(withTests ? [] : TESTS)].join(',');
    execFileSync(
      process.execPath,
      [
        jscpd,
        ...JSCPD_ARGS,
        '--ignore',
        ignore,
        '--reporters',
        'json',
        '--output',
        output,
        '--silent',
        ...CLONE_FOLDERS,
      ],
      { cwd: root, stdio: 'ignore' },
    );
    const report: JscpdReport = JSON.parse(readFileSync(join(output, 'jscpd-report.json'), 'utf8'));
    const { clones, duplicatedLines, percentage } = report.statistics.total;
    return { clones, lines: duplicatedLines, percentage };
  } finally {
    rmSync(output, { recursive: true, force: true });
  }
}

const describeClones = ({ clones, lines, percentage }: CloneFigures) =>
  `${clones} clones, ${lines} lines (${percentage}%)`;

/** `productionCasts` on the base commit, measured as BASE_CLONES. */
const BASE_CASTS = 16;

/** Folders of production code, where a type-erasing cast hides a mismatch from the compiler. */
const CAST_FOLDERS = ['shared/src', 'events/src', 'infra/src', 'localstack/src', 'web/src'];

function productionFiles(root: string): string[] {
  const services = readdirSync(join(root, 'services'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => `services/${entry.name}/src`);
  return [...CAST_FOLDERS, ...services].flatMap((folder) => {
    let names: string[];
    try {
      names = readdirSync(join(root, folder), { recursive: true, encoding: 'utf8' });
    } catch {
      return [];
    }
    return names
      .map((name) => `${folder}/${name}`)
      .filter(
        (path) =>
          /\.tsx?$/.test(path) &&
          !/\.test\.tsx?$/.test(path) &&
          !/(^|\/)(test|node_modules|dist)\//.test(path.slice(folder.length)),
      );
  });
}

/** `x as unknown as T`, `x as any`, `x as never` (and their `<T>x` spellings) of one file. */
export function castsIn(path: string, text: string): { line: number; cast: string }[] {
  const kind = path.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, kind);
  const found: { line: number; cast: string }[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isAsExpression(node) || ts.isTypeAssertionExpression(node)) {
      let inner = node.expression;
      while (ts.isParenthesizedExpression(inner)) inner = inner.expression;
      const unknownFirst =
        (ts.isAsExpression(inner) || ts.isTypeAssertionExpression(inner)) &&
        inner.type.kind === ts.SyntaxKind.UnknownKeyword;
      const cast = unknownFirst
        ? 'as unknown as'
        : node.type.kind === ts.SyntaxKind.AnyKeyword
          ? 'as any'
          : node.type.kind === ts.SyntaxKind.NeverKeyword
            ? 'as never'
            : null;
      if (cast) found.push({ line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1, cast });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** `file:line cast` of every type-erasing cast in the production code under `root`. */
export function productionCasts(root: string): string[] {
  return productionFiles(root).flatMap((path) =>
    castsIn(path, readFileSync(join(root, path), 'utf8')).map(({ line, cast }) => `${path}:${line} ${cast}`),
  );
}

/** Import cycles exactly as `npm run lint` finds them: the lint configuration, that one rule. */
async function cycleFindings(): Promise<string[]> {
  const eslint = new ESLint({ cwd: REPO_ROOT, ruleFilter: ({ ruleId }) => ruleId === 'import-x/no-cycle' });
  const results = await eslint.lintFiles(['.']);
  return results.flatMap((result) =>
    result.messages
      .filter((message) => message.ruleId === 'import-x/no-cycle')
      .map((message) => `${result.filePath.slice(REPO_ROOT.length + 1)}:${message.line} ${message.message}`),
  );
}

/** `built`: the bundles the bundles section already built in this run. */
export async function benchPlatform(built?: Bundle[]): Promise<void> {
  console.log('\n## Platform: bundles, duplicated blocks, casts, import cycles, the shape of every domain');
  const bundles = built ?? (await buildBundles());
  // The bundles section lists them when it ran first.
  if (!built) {
    for (const { name, bytes } of bundles) {
      row(`bundle ${name}`, `${(bytes / 1024).toFixed(1)} KB min ${budgetVerdict(bytes)}`);
    }
  }
  printLargest(bundles);

  console.log(`  duplicated blocks: jscpd ${JSCPD_ARGS.join(' ')} over ${CLONE_FOLDERS.join(' ')}`);
  for (const [label, withTests] of [
    ['all files', true],
    ['production (tests ignored)', false],
  ] as const) {
    const base = BASE_CLONES[withTests ? 'all' : 'production'];
    row(
      `  ${label}`,
      `before (${BASE_COMMIT}) ${describeClones(base)}; now ${describeClones(cloneFigures(REPO_ROOT, withTests))}`,
    );
  }

  const casts = productionCasts(REPO_ROOT);
  row(
    'casts in production code (as unknown as / any / never)',
    `before (${BASE_COMMIT}) ${BASE_CASTS}; now ${casts.length} (target 0)`,
  );
  for (const cast of casts) console.log(`    ${cast}`);

  const cycles = await cycleFindings();
  row('import cycles (imports import-x/no-cycle reports)', `${cycles.length} (target 0)`);
  for (const cycle of cycles) console.log(`    ${cycle}`);

  printShapeFigures();
}
