/**
 * `npm run new:service -- <name> [--section <id>]`: a new domain, end to end, in the shape
 * of the existing ones (see the "Adding a domain" section of the README).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import {
  addDemoSeedStep,
  addExportAll,
  addFeatureModule,
  addSectionRoutes,
  addServiceRow,
  addToEventIndex,
  addToRegistry,
  EditError,
} from './edits';
import { plannedFiles } from './files';
import { nameProblem, namesFor, sectionProblem, type Existing, type Names } from './names';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

const USAGE = `Usage: npm run new:service -- <name> [--section <id>]

  <name>          the domain, kebab-case (e.g. commerce, gift-cards)
  --section <id>  the dashboard section its screen claims (an id of web/src/lib/sections.ts)`;

function fail(message: string): never {
  console.error(`new:service: ${message}`);
  process.exit(1);
}

const folders = (path: string) =>
  existsSync(path)
    ? readdirSync(path, { withFileTypes: true })
        .filter((e) => e.isDirectory())
        .map((e) => e.name)
    : [];
const modules = (path: string) =>
  existsSync(path) ? readdirSync(path).flatMap((f) => (f.endsWith('.ts') ? [f.slice(0, -3)] : [])) : [];

function isContract(value: unknown): value is { path: string } {
  return (
    typeof value === 'object' &&
    value !== null &&
    'path' in value &&
    typeof value.path === 'string' &&
    'method' in value
  );
}

/** Top-level keys of every part's English strings (web/src/i18n and each feature's i18n/). */
function i18nKeys(root: string): string[] {
  const src = join(root, 'web/src');
  return readdirSync(src, { recursive: true, encoding: 'utf8' })
    .filter((file) => /(^|[\\/])i18n[\\/]en\.json$/.test(file))
    .flatMap((file) => Object.keys(JSON.parse(readFileSync(join(src, file), 'utf8')) as object));
}

async function existing(root: string): Promise<Existing> {
  const contracts: Record<string, unknown> = await import(join(root, 'shared/src/contracts/index.ts'));
  return {
    services: folders(join(root, 'services')),
    features: folders(join(root, 'web/src/features')),
    modules: [...modules(join(root, 'shared/src/contracts')), ...modules(join(root, 'events/src'))],
    i18nKeys: i18nKeys(root),
    routePaths: Object.values(contracts).flatMap((c) => (isContract(c) ? [c.path] : [])),
  };
}

/** Shared files the new domain is wired into, each with its (idempotent) edit. */
function wiring(n: Names, section: string | undefined): { path: string; edit: (source: string) => string }[] {
  return [
    { path: 'services/registry.ts', edit: (s) => addToRegistry(s, n) },
    { path: 'README.md', edit: (s) => addServiceRow(s, n) },
    { path: 'localstack/src/demo-seed/index.ts', edit: (s) => addDemoSeedStep(s, n) },
    ...(section
      ? [{ path: 'shared/src/rules/section-routes.ts', edit: (s: string) => addSectionRoutes(s, n, section) }]
      : []),
    {
      path: 'shared/src/contracts/index.ts',
      edit: (s) => addExportAll(s, 'shared/src/contracts/index.ts', n.kebab),
    },
    { path: 'events/src/index.ts', edit: (s) => addToEventIndex(s, n) },
    { path: 'web/src/app/dashboard/section-screens.ts', edit: (s) => addFeatureModule(s, n) },
  ];
}

async function main() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { section: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  if (positionals.length > 1) fail(`one name only, got ${positionals.join(' ')}.\n\n${USAGE}`);
  const name = positionals[0] ?? '';
  const problem = nameProblem(name, await existing(ROOT));
  if (problem) fail(problem);
  const n = namesFor(name);

  if (values.section !== undefined) {
    const { SECTION_IDS } = (await import(join(ROOT, 'web/src/lib/sections.ts'))) as {
      SECTION_IDS: readonly string[];
    };
    const featureSections = Object.fromEntries(
      folders(join(ROOT, 'web/src/features')).flatMap((feature) => {
        const path = join(ROOT, 'web/src/features', feature, 'sections.ts');
        return existsSync(path) ? [[feature, readFileSync(path, 'utf8')]] : [];
      }),
    );
    const problem = sectionProblem(values.section, SECTION_IDS, featureSections);
    if (problem) fail(problem);
  }

  const files = plannedFiles(n, { section: values.section });
  const taken = files.filter((f) => existsSync(join(ROOT, f.path)));
  if (taken.length) fail(`these files already exist:\n${taken.map((f) => `  ${f.path}`).join('\n')}`);

  // Every edit is computed before anything is written: a shared file in an unexpected shape
  // stops the run with nothing half-done.
  const edits = wiring(n, values.section).map(({ path, edit }) => {
    const before = readFileSync(join(ROOT, path), 'utf8');
    try {
      return { path, before, after: edit(before) };
    } catch (error) {
      if (error instanceof EditError) fail(`nothing written. ${error.message}`);
      throw error;
    }
  });

  for (const file of files) {
    mkdirSync(dirname(join(ROOT, file.path)), { recursive: true });
    writeFileSync(join(ROOT, file.path), file.content);
  }
  const edited = edits.filter((e) => e.after !== e.before);
  for (const e of edited) writeFileSync(join(ROOT, e.path), e.after);

  const touched = [...files.map((f) => f.path), ...edited.map((e) => e.path)];
  const prettier = spawnSync('npx', ['prettier', '--write', '--log-level', 'warn', ...touched], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (prettier.status !== 0) console.warn('new:service: Prettier did not finish; run `npm run format`.');

  console.log(`Created the ${n.kebab} domain:\n`);
  for (const f of files) console.log(`  + ${f.path}`);
  console.log('\nWired into:\n');
  for (const e of edited) console.log(`  ~ ${e.path}`);
  console.log(`
Next steps:
  1. npm install        links @sneakers/service-${n.kebab} as a workspace (updates package-lock.json)
  2. npx vitest run --project unit services/${n.kebab}/
     npx vitest run --project web features/${n.kebab}/
     npx vitest run --project integration services/${n.kebab}/
  3. Rename the samples to what the domain owns: "thing" (area src/things/, its contract in
     shared/src/contracts/${n.kebab}.ts, its event in events/src/${n.kebab}.ts) and "tally" (area
     src/tallies/, fed by the ${n.kebab}-events function); the tests, the web screen and strings too.
  4. ${values.section ? `The dashboard section '${values.section}' now shows ${n.pascal}Section, and its flag gates the domain's routes.` : `To show it on the dashboard, claim a section in web/src/features/${n.kebab}/sections.ts.`}
  5. Try Demo's sample data is localstack/src/demo-seed/${n.kebab}.ts, written through the routes; the
     route-driven suites (tests/route-suites) already cover the new routes: 401s, tenancy, bad input
     and demo writes. A route with an id in its path needs a record in their world (their README).
  6. Keep services/${n.kebab}/README.md (functions, routes, access patterns, events, files) true.
  7. npm test`);
}

await main();
