import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build, type Metafile } from 'esbuild';
import { esbuildOptions, lazyModuleFiles, lazyModuleOptions, lazyModulesOf } from '../../infra/src/bundling';
import type { FunctionDefinition } from '@sneakers/shared/runtime/function';
import { functions } from '../../services/registry';
import { median, REPO_ROOT, row } from './stats';

/** Every function's bundle (docs/adr/0018-cold-starts.md). */
export const BUDGET_BYTES = 250 * 1024;
/** A function's cold load may cost at most this many times a bare handler's with the same AWS clients. */
export const COLD_LOAD_RATIO_BUDGET = 1.5;

export interface Bundle {
  name: string;
  definition: FunctionDefinition;
  outfile: string;
  bytes: number;
  /** The largest contributors: a package, or a folder of this repository. */
  contributors: { name: string; bytes: number }[];
  /** The AWS SDK packages the bundle imports at run time (provided by Lambda). */
  awsPackages: string[];
  /** Modules of its own beside the bundle, loaded on the calls that need them (ADR 0026). */
  lazyModules: { name: string; outfile: string; bytes: number }[];
}

const OUT_DIR = join(REPO_ROOT, '.local', 'bench-bundles');

/** Where an input file comes from: its package, or its folder (services/crm/src/clients). */
function contributorOf(input: string): string {
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input);
  if (pkg?.[1]) return pkg[1];
  const parts = input.split('/');
  return parts.slice(0, parts[0] === 'services' ? 4 : 3).join('/');
}

function contributors(metafile: Metafile): { name: string; bytes: number }[] {
  const output = Object.values(metafile.outputs)[0];
  const sizes = new Map<string, number>();
  for (const [input, { bytesInOutput }] of Object.entries(output?.inputs ?? {}))
    sizes.set(contributorOf(input), (sizes.get(contributorOf(input)) ?? 0) + bytesInOutput);
  return [...sizes].map(([name, bytes]) => ({ name, bytes })).sort((a, b) => b.bytes - a.bytes);
}

function awsPackagesOf(metafile: Metafile): string[] {
  const output = Object.values(metafile.outputs)[0];
  const packages = (output?.imports ?? [])
    .filter((i) => i.external && i.path.startsWith('@aws-sdk/'))
    .map((i) => i.path.split('/').slice(0, 2).join('/'));
  return [...new Set(packages)].sort();
}

/** Bundles every function exactly as the CDK app does. */
export async function buildBundles(): Promise<Bundle[]> {
  // Inside the repo so the external packages resolve as they would in Lambda.
  rmSync(OUT_DIR, { recursive: true, force: true });
  mkdirSync(OUT_DIR, { recursive: true });
  const bundles: Bundle[] = [];
  for (const { definition, entry } of functions) {
    const assetDir = join(OUT_DIR, definition.name);
    const outfile = join(assetDir, 'index.mjs');
    const lazy = lazyModulesOf(definition.access);
    const result = await build({
      ...esbuildOptions(entry, outfile, lazy),
      metafile: true,
      logLevel: 'error',
    });
    const lazyModules = [];
    for (const name of lazy) {
      const files = lazyModuleFiles(name, assetDir);
      await build({ ...lazyModuleOptions(name, assetDir), logLevel: 'error' });
      writeFileSync(files.packageJson, files.packageJsonText);
      lazyModules.push({ name, outfile: files.outfile, bytes: readFileSync(files.outfile).length });
    }
    bundles.push({
      name: definition.name,
      definition,
      outfile,
      bytes: readFileSync(outfile).length,
      contributors: contributors(result.metafile),
      awsPackages: awsPackagesOf(result.metafile),
      lazyModules,
    });
  }
  return bundles;
}

/**
 * A handler that holds the same AWS clients as the function and does nothing else: the floor
 * a function's cold load is compared with. lib-dynamodb wraps the DynamoDB client as the
 * table client does; every other package's `…Client` is constructed once.
 */
function bareHandler(bundle: Bundle): string {
  const file = join(OUT_DIR, bundle.name, 'bare.mjs');
  const lines = bundle.awsPackages.map((pkg, i) => `import * as m${i} from '${pkg}';`);
  lines.push('const clients = [];');
  bundle.awsPackages.forEach((pkg, i) => {
    if (pkg === '@aws-sdk/lib-dynamodb')
      lines.push(
        `clients.push(m${i}.DynamoDBDocumentClient.from(new (await import('@aws-sdk/client-dynamodb')).DynamoDBClient({ region: 'eu-west-1' })));`,
      );
    else
      lines.push(
        `for (const [name, value] of Object.entries(m${i})) if (/^[A-Z]\\w*Client$/.test(name) && typeof value === 'function') clients.push(new value({ region: 'eu-west-1' }));`,
      );
  });
  lines.push('export const handler = async () => clients.length;');
  writeFileSync(file, lines.join('\n'));
  return file;
}

/**
 * The first event a function gets, of the kind its first real one is, answered without I/O:
 * an HTTP request for a route that does not exist (the pipeline and its access control are
 * built, 404), an empty stream batch, a schedule or event nobody consumes, an invalid payload.
 */
function firstEvent(definition: FunctionDefinition): unknown {
  if (definition.routes.length > 0)
    return {
      version: '2.0',
      rawPath: '/api/__cold-start',
      headers: {},
      requestContext: {
        requestId: 'cold',
        http: { method: 'GET', path: '/api/__cold-start', sourceIp: '127.0.0.1' },
      },
    };
  if (definition.stream || definition.tableStreamDispatcher) return { Records: [] };
  if (definition.consumers.length > 0 || definition.schedules?.length)
    return { 'detail-type': 'Bench.ColdStart', source: 'bench', id: 'cold', time: '', detail: {} };
  return {};
}

/**
 * A cold start in a fresh Node process: the module's load and its first invocation (the
 * handler builds its middy stack and Powertools set then), with the environment the
 * function has in AWS (infra/src/environment.ts: tracing through the SDK off).
 */
function coldLoadMs(file: string, event: unknown, lazyModules: string[] = []): number {
  // A lazy module resolves from the function's folder, as it does from the asset in Lambda.
  const script = `
    const t = performance.now();
    const { handler } = await import(${JSON.stringify(file)});
    try { await handler(${JSON.stringify(event)}, { functionName: 'bench', awsRequestId: 'cold', getRemainingTimeInMillis: () => 1000 }); } catch {}
    for (const name of ${JSON.stringify(lazyModules)}) await import(name);
    console.log(performance.now() - t);`;
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: dirname(file),
    env: {
      ...process.env,
      NODE_NO_WARNINGS: '1',
      AWS_REGION: 'eu-west-1',
      TABLE_NAME: 'bench-table',
      POWERTOOLS_LOG_LEVEL: 'SILENT',
      POWERTOOLS_METRICS_DISABLED: 'true',
      POWERTOOLS_TRACE_ENABLED: 'false',
      AWS_SDK_JS_SUPPRESS_MAINTENANCE_MODE_MESSAGE: '1',
    },
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  return Number(out.toString().trim().split('\n').pop());
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** The verdict on a bundle against the per-function budget. */
export function budgetVerdict(bytes: number): string {
  return bytes <= BUDGET_BYTES ? 'ok' : 'OVER BUDGET';
}

/** Names the largest bundle and checks every bundle against the budget. */
export function printLargest(bundles: Bundle[]) {
  const largest = bundles.reduce((a, b) => (b.bytes > a.bytes ? b : a));
  const over = [
    ...bundles.filter((bundle) => bundle.bytes > BUDGET_BYTES).map((bundle) => bundle.name),
    ...bundles.flatMap((bundle) =>
      bundle.lazyModules.filter((m) => m.bytes > BUDGET_BYTES).map((m) => `${bundle.name}/${m.name}`),
    ),
  ];
  row('largest bundle', `${largest.name} ${kb(largest.bytes)}`);
  row(
    `every bundle <= ${BUDGET_BYTES / 1024} KB`,
    over.length === 0 ? 'ok' : `OVER BUDGET: ${over.join(', ')}`,
  );
}

/** Runs of each cold load; the two are interleaved so a busy moment hits both alike. */
const RUNS = 9;

/** Prints every bundle's size, largest contributors and cold load against its bare handler. */
export async function benchBundles(): Promise<Bundle[]> {
  console.log(
    `\n## Lambda bundles (budget: ${BUDGET_BYTES / 1024} KB minified each; cold load <= ${COLD_LOAD_RATIO_BUDGET}x a bare handler with the same AWS clients)`,
  );
  const bundles = await buildBundles();
  const ratios: number[] = [];
  for (const bundle of bundles) {
    const gzip = gzipSync(readFileSync(bundle.outfile)).length;
    const bare = bareHandler(bundle);
    const own: number[] = [];
    const floor: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      floor.push(coldLoadMs(bare, {}));
      own.push(coldLoadMs(bundle.outfile, firstEvent(bundle.definition)));
    }
    const ratio = median(own) / median(floor);
    ratios.push(ratio);
    row(
      bundle.name,
      `${kb(bundle.bytes)} min, ${kb(gzip)} gzip ${budgetVerdict(bundle.bytes)}; cold load ${median(own).toFixed(0)} ms vs bare ${median(floor).toFixed(0)} ms = ${ratio.toFixed(2)}x ${ratio <= COLD_LOAD_RATIO_BUDGET ? 'ok' : 'OVER BUDGET'}`,
    );
    for (const lazy of bundle.lazyModules) {
      const withLazy: number[] = [];
      const lazyFloor: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        lazyFloor.push(coldLoadMs(bare, {}));
        withLazy.push(coldLoadMs(bundle.outfile, firstEvent(bundle.definition), [lazy.name]));
      }
      const lazyRatio = median(withLazy) / median(lazyFloor);
      ratios.push(lazyRatio);
      console.log(
        `      lazy module ${lazy.name}: ${kb(lazy.bytes)} min, ${kb(gzipSync(readFileSync(lazy.outfile)).length)} gzip ${budgetVerdict(lazy.bytes)}; a cold call that loads it ${median(withLazy).toFixed(0)} ms = ${lazyRatio.toFixed(2)}x ${lazyRatio <= COLD_LOAD_RATIO_BUDGET ? 'ok' : 'OVER BUDGET'}`,
      );
    }
    const top = bundle.contributors.slice(0, 5).map(({ name, bytes }) => `${name} ${kb(bytes)}`);
    console.log(`      largest: ${top.join(', ')}`);
    console.log(`      AWS clients: ${bundle.awsPackages.join(', ') || 'none'}`);
  }
  printLargest(bundles);
  row(
    `every cold load <= ${COLD_LOAD_RATIO_BUDGET}x its bare handler`,
    ratios.every((r) => r <= COLD_LOAD_RATIO_BUDGET)
      ? `ok (worst ${Math.max(...ratios).toFixed(2)}x)`
      : 'OVER BUDGET',
  );
  return bundles;
}
