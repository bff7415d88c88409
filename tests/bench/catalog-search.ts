/**
 * Catalogue search (issue 13, ADR 0011): our in-memory engine against MiniSearch,
 * FlexSearch and PostgreSQL 15 (ILIKE and pg_trgm) on the same 100,000 generated products
 * and queries, then through the local gateway, then the engine at 250,000 products.
 * Figures are printed, not asserted.
 *
 * Alone:   NODE_NO_WARNINGS=1 node --expose-gc --import tsx tests/bench/catalog-search.ts
 * In all:  npm run bench -- catalog      (without --expose-gc heap figures include garbage)
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { Product } from '@sneakers/shared/contracts/catalog';
import { CatalogIndex } from '../../services/catalog/src/published';
import { generateCatalogue } from '../../localstack/src/marketplace/catalogue';
import { freePorts } from '../../localstack/src/ports';
import { startS3 } from '../../localstack/src/storage';
import { benchFlexSearch, benchMiniSearch, type CandidateFigures } from './catalog/candidates';
import {
  catalogue,
  fmt,
  heapUsed,
  KINDS,
  mb,
  p50,
  queriesFor,
  timeQueries,
  type BenchQuery,
  type QueryKind,
} from './catalog/data';
import { benchGateway } from './catalog/gateway';
import { benchPostgres, printPg } from './catalog/postgres';
import { REPO_ROOT, row } from './stats';

const ROUNDS = { engine: 40, candidate: 10, postgres: 3, gateway: 10 };

interface ColdLoad {
  moduleMs: number;
  getMs: number;
  loadMs: number;
  firstSearchMs: number;
  totalMs: number;
  heapBytes: number;
  rssBytes: number;
  size: number;
}

function isColdLoad(v: unknown): v is ColdLoad {
  return typeof v === 'object' && v !== null && 'loadMs' in v && 'heapBytes' in v && 'getMs' in v;
}

/** A fresh Node process: module load + S3 GET (or file read) + fromSnapshot + first search. */
async function coldLoad(snapshot: Uint8Array, label: string): Promise<ColdLoad | undefined> {
  const dir = mkdtempSync(join(tmpdir(), 'sneakers-bench-snapshot-'));
  let args: string[];
  let close = async () => {};
  try {
    const { s3: port } = await freePorts();
    const s3 = await startS3({ port, dataDir: join(dir, 's3'), buckets: ['bench-catalog-index'] });
    close = () => s3.close();
    await new S3Client({
      endpoint: s3.endpoint,
      region: 'eu-west-1',
      forcePathStyle: true,
      requestChecksumCalculation: 'WHEN_REQUIRED',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    }).send(
      new PutObjectCommand({ Bucket: 'bench-catalog-index', Key: 'catalog-index/bench.bin', Body: snapshot }),
    );
    args = [s3.endpoint, 'bench-catalog-index', 'catalog-index/bench.bin'];
  } catch (error) {
    console.log(`  (local S3 emulator unavailable, reading a file instead: ${String(error)})`);
    writeFileSync(join(dir, 'bench.bin'), snapshot);
    args = ['file', join(dir, 'bench.bin')];
  }
  try {
    // Asynchronous: a blocking spawn would stall the in-process S3 emulator.
    const child = spawn(
      process.execPath,
      ['--expose-gc', '--import', 'tsx', 'tests/bench/catalog/cold-load.ts', ...args],
      {
        cwd: REPO_ROOT,
        env: { ...process.env, NODE_NO_WARNINGS: '1' },
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    const parsed: unknown = code === 0 ? JSON.parse(out.trim().split('\n').pop() ?? '') : undefined;
    if (!isColdLoad(parsed)) {
      row(`cold load ${label}`, `FAILED (exit ${code})`);
      return undefined;
    }
    const source = args[0] === 'file' ? 'file read' : 'S3 GET';
    row(
      `cold load ${label}: total`,
      `${parsed.totalMs.toFixed(0)} ms = modules ${parsed.moduleMs.toFixed(0)} + ${source} ${parsed.getMs.toFixed(0)} + fromSnapshot ${parsed.loadMs.toFixed(0)} + 1st search ${parsed.firstSearchMs.toFixed(1)}`,
    );
    row(`loaded index heap / process RSS ${label}`, `${mb(parsed.heapBytes)} / ${mb(parsed.rssBytes)}`);
    return parsed;
  } finally {
    await close();
    rmSync(dir, { recursive: true, force: true });
  }
}

interface EngineFigures {
  buildMs: number;
  heapBytes: number;
  snapshotBytes: number;
  rawBytes: number;
  times: Record<QueryKind, number[]>;
  cold?: ColdLoad;
  index: CatalogIndex;
}

function generate(count: number) {
  const t = performance.now();
  const products = catalogue(count);
  row(`generate ${count.toLocaleString('en')} products`, `${((performance.now() - t) / 1000).toFixed(1)} s`);
  return products;
}

async function benchEngine(products: Product[], qs: BenchQuery[]): Promise<EngineFigures> {
  const count = products.length;
  let t = performance.now();
  const before = heapUsed();
  t = performance.now();
  const index = CatalogIndex.build(products);
  const buildMs = performance.now() - t;
  const heapBytes = heapUsed() - before;
  row(
    `engine: build ${count.toLocaleString('en')}`,
    `${(buildMs / 1000).toFixed(2)} s, heap +${mb(heapBytes)} (shares the products' strings)`,
  );
  t = performance.now();
  const snapshot = index.toSnapshot();
  const snapshotMs = performance.now() - t;
  const rawBytes = gunzipSync(snapshot).length;
  row(
    'engine: snapshot (u32 index + JSON rows, gzip -1)',
    `${mb(snapshot.length)} gzip vs ${mb(rawBytes)} raw (${(rawBytes / snapshot.length).toFixed(1)}x), written in ${snapshotMs.toFixed(0)} ms`,
  );
  t = performance.now();
  CatalogIndex.fromSnapshot(snapshot);
  row('engine: fromSnapshot in this process', `${(performance.now() - t).toFixed(0)} ms`);
  const times = await timeQueries(qs, ROUNDS.engine, (q) =>
    index.search({ q: q.q, order: 'release', offset: 0, limit: 24 }),
  );
  for (const kind of KINDS) row(`engine: ${kind} (first page + exact count)`, fmt(times[kind]));
  const cold = await coldLoad(snapshot, `${count / 1000}k`);
  return { buildMs, heapBytes, snapshotBytes: snapshot.length, rawBytes, times, cold, index };
}

const ratio = (slow: number[], fast: number[]) => `${(p50(slow) / p50(fast)).toFixed(1)}x`;

export async function benchCatalogSearch() {
  console.log(
    '\n## Catalogue search at 100,000 products (ADR 0011; targets: >= 10x ILIKE, >= 2x pg_trgm at p50)',
  );
  // The marketplace stand-in builds its catalogue at start: its generator's CPU time.
  const cpu = process.cpuUsage();
  const built = generateCatalogue({ count: 250_000 }).length;
  const used = process.cpuUsage(cpu);
  row(
    `generating ${built.toLocaleString('en')} marketplace products (budget 8 s CPU)`,
    `${((used.user + used.system) / 1e6).toFixed(2)} s CPU`,
  );
  const products = generate(100_000);
  const queries = queriesFor(products);
  const engine = await benchEngine(products, queries);
  row('queries', queries.map((q) => `'${q.q}'`).join(', '));
  const totals = queries.map(
    (q) => `${q.q}=${engine.index.search({ q: q.q, order: 'release', offset: 0, limit: 0 }).total}`,
  );
  row('engine totals', totals.join(', '));

  const candidates: CandidateFigures[] = [];
  candidates.push(await benchMiniSearch(products, queries, ROUNDS.candidate));
  candidates.push(await benchFlexSearch(products, queries, ROUNDS.candidate));

  const pgFigures = await benchPostgres(products, queries, ROUNDS.postgres);
  if (pgFigures) {
    printPg(pgFigures);
    row(
      'PostgreSQL ILIKE totals',
      queries.map((q) => `${q.q}=${pgFigures.totals.get(q.q) ?? '?'}`).join(', '),
    );
    for (const kind of KINDS)
      row(
        `engine vs ILIKE / vs pg_trgm at p50: ${kind}`,
        `${ratio(pgFigures.ilike[kind], engine.times[kind])} / ${ratio(pgFigures.trgm[kind], engine.times[kind])}`,
      );
  }
  for (const c of candidates)
    row(
      `engine vs ${c.name.split(' (')[0]} at p50`,
      KINDS.map((k) => `${k} ${ratio(c.times[k], engine.times[k])}`).join(', '),
    );

  console.log('\n## Catalogue search through the local gateway (100,000-product snapshot)');
  try {
    await benchGateway(engine.index, queries, ROUNDS.gateway);
  } catch (error) {
    row('through the gateway', `FAILED: ${error instanceof Error ? error.message : String(error)}`);
  }

  console.log('\n## Catalogue search engine at 250,000 products');
  const large = generate(250_000);
  await benchEngine(large, queriesFor(large));
}

if (import.meta.url === `file://${process.argv[1]}`) await benchCatalogSearch();
