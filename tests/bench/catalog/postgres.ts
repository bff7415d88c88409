import { execFileSync, execSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { Product } from '@sneakers/shared/contracts/catalog';
import { freePorts } from '../../../localstack/src/ports';
import { row } from '../stats';
import { fmt, timeQueries, type BenchQuery, type QueryKind } from './data';

const BIN = '/usr/lib/postgresql/15/bin';

export interface PgFigures {
  ilike: Record<QueryKind, number[]>;
  trgm: Record<QueryKind, number[]>;
  totals: Map<string, number>;
}

/** PostgreSQL 15 from Debian's packages, installed on first use (we run as root in CI and here). */
function ensureInstalled(): boolean {
  if (existsSync(`${BIN}/initdb`)) return true;
  try {
    console.log('  installing postgresql-15 (apt-get) ...');
    execSync('apt-get update -qq && apt-get install -y -qq postgresql-15 > /dev/null', {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    return existsSync(`${BIN}/initdb`);
  } catch {
    return false;
  }
}

const asPostgres = (cmd: string, args: string[]) =>
  execFileSync('runuser', ['-u', 'postgres', '--', `${BIN}/${cmd}`, ...args], { stdio: 'pipe' });

const tsv = (v: string | null) =>
  v === null ? '\\N' : v.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n');

const escapeLike = (q: string) => q.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The catalogue search (docs/product/catalogue.md#product-catalog-section) in SQL on a throw-away cluster: `ILIKE '%q%'` over name, SKU, brand and
 * type, newest release first, 24 rows plus the exact count; then the same after pg_trgm GIN
 * indexes. The cluster lives in a temp folder and is stopped and deleted whatever happens.
 */
export async function benchPostgres(
  products: Product[],
  queries: BenchQuery[],
  rounds: number,
): Promise<PgFigures | undefined> {
  if (!ensureInstalled()) {
    console.log('  PostgreSQL 15 could NOT be installed: the SQL comparison is skipped.');
    return undefined;
  }
  const dir = mkdtempSync(join(tmpdir(), 'sneakers-bench-pg-'));
  chmodSync(dir, 0o755);
  const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
  chownSync(dir, uid, gid);
  const data = join(dir, 'data');
  const { app: port } = await freePorts();
  let started = false;
  const client = new pg.Client({ host: dir, port, user: 'postgres', database: 'postgres' });
  try {
    let t = performance.now();
    asPostgres('initdb', [
      '-D',
      data,
      '--auth=trust',
      '-U',
      'postgres',
      '--encoding=UTF8',
      '--locale=C.UTF-8',
    ]);
    asPostgres('pg_ctl', [
      '-D',
      data,
      '-l',
      join(dir, 'log'),
      '-w',
      '-o',
      `-p ${port} -k ${dir} -c listen_addresses='' -c fsync=off`,
      'start',
    ]);
    started = true;
    row('PostgreSQL 15 initdb + start', `${((performance.now() - t) / 1000).toFixed(1)} s`);
    await client.connect();
    await client.query(`CREATE TABLE products (
      id text PRIMARY KEY, sku text NOT NULL, name text NOT NULL, brand text NOT NULL,
      product_type text NOT NULL, release_date date, updated_at timestamptz NOT NULL)`);
    const file = join(dir, 'products.tsv');
    writeFileSync(
      file,
      products
        .map((p) =>
          [p.id, p.sku, p.name, p.brand, p.productType, p.releaseDate, p.updatedAt].map(tsv).join('\t'),
        )
        .join('\n'),
    );
    chmodSync(file, 0o644);
    t = performance.now();
    await client.query(`COPY products FROM '${file}'`);
    await client.query('ANALYZE products');
    row(
      `COPY ${products.length.toLocaleString('en')} rows + ANALYZE`,
      `${((performance.now() - t) / 1000).toFixed(1)} s`,
    );

    const where = '(name ILIKE $1 OR sku ILIKE $1 OR brand ILIKE $1 OR product_type ILIKE $1)';
    const pageSql = `SELECT id, sku, name, brand, product_type, release_date FROM products WHERE ${where}
      ORDER BY release_date DESC NULLS LAST, updated_at DESC, id LIMIT 24`;
    const countSql = `SELECT count(*)::int AS n FROM products WHERE ${where}`;
    const totals = new Map<string, number>();
    const run = async (q: BenchQuery) => {
      const param = [`%${escapeLike(q.q)}%`];
      await client.query({ name: 'page', text: pageSql, values: param });
      const count = await client.query<{ n: number }>({ name: 'count', text: countSql, values: param });
      totals.set(q.q, count.rows[0]!.n);
    };
    const ilike = await timeQueries(queries, rounds, run);

    t = performance.now();
    await client.query('CREATE EXTENSION pg_trgm');
    for (const column of ['name', 'sku', 'brand', 'product_type'])
      await client.query(
        `CREATE INDEX products_${column}_trgm ON products USING gin (${column} gin_trgm_ops)`,
      );
    await client.query('ANALYZE products');
    row('pg_trgm: 4 GIN trigram indexes + ANALYZE', `${((performance.now() - t) / 1000).toFixed(1)} s`);
    const size = await client.query<{ table: string; indexes: string }>(
      `SELECT pg_size_pretty(pg_table_size('products')) AS table, pg_size_pretty(pg_indexes_size('products')) AS indexes`,
    );
    row('table / indexes size', `${size.rows[0]!.table} / ${size.rows[0]!.indexes}`);
    // Plans are cached per prepared statement: a new connection plans with the indexes.
    await client.end();
    const trgmClient = new pg.Client({ host: dir, port, user: 'postgres', database: 'postgres' });
    await trgmClient.connect();
    try {
      const trgm = await timeQueries(queries, rounds, async (q) => {
        const param = [`%${escapeLike(q.q)}%`];
        await trgmClient.query({ name: 'page', text: pageSql, values: param });
        await trgmClient.query({ name: 'count', text: countSql, values: param });
      });
      return { ilike, trgm, totals };
    } finally {
      await trgmClient.end();
    }
  } finally {
    await client.end().catch(() => undefined);
    if (started) {
      try {
        asPostgres('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } catch (error) {
        console.log(`  could not stop PostgreSQL: ${String(error)}`);
      }
    }
    rmSync(dir, { recursive: true, force: true });
  }
}

export function printPg(figures: PgFigures) {
  for (const kind of ['brand', 'partial name', 'style code'] as const) {
    row(`PostgreSQL ILIKE '%q%' + count: ${kind}`, fmt(figures.ilike[kind]));
    row(`PostgreSQL pg_trgm GIN + count: ${kind}`, fmt(figures.trgm[kind]));
  }
}
