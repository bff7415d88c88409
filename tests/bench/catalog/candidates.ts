import FlexSearch from 'flexsearch';
import MiniSearch from 'minisearch';
import type { Product } from '@sneakers/shared/contracts/catalog';
import { row } from '../stats';
import { fmt, heapUsed, mb, timeQueries, type BenchQuery, type QueryKind } from './data';

export interface CandidateFigures {
  name: string;
  buildMs: number;
  heapBytes: number;
  times: Record<QueryKind, number[]>;
}

/** Same contract as our engine: every match counted, newest release first, first 24. */
function firstPage(products: Product[], hits: number[]) {
  const sorted = hits.sort((a, b) =>
    (products[b]!.releaseDate ?? '').localeCompare(products[a]!.releaseDate ?? ''),
  );
  return { total: hits.length, page: sorted.slice(0, 24) };
}

export async function benchMiniSearch(
  products: Product[],
  queries: BenchQuery[],
  rounds: number,
): Promise<CandidateFigures> {
  const before = heapUsed();
  const t = performance.now();
  const index = new MiniSearch<{ id: number; name: string; sku: string; brand: string; productType: string }>(
    {
      fields: ['name', 'sku', 'brand', 'productType'],
      storeFields: [],
      searchOptions: { prefix: true, fuzzy: 0.2, combineWith: 'AND' },
    },
  );
  index.addAll(
    products.map((p, id) => ({ id, name: p.name, sku: p.sku, brand: p.brand, productType: p.productType })),
  );
  const buildMs = performance.now() - t;
  const heapBytes = heapUsed() - before;
  const times = await timeQueries(queries, rounds, (q) =>
    firstPage(
      products,
      index.search(q.q).map((r) => Number(r.id)),
    ),
  );
  return report({ name: 'MiniSearch 7.2 (prefix, fuzzy 0.2, AND)', buildMs, heapBytes, times });
}

export async function benchFlexSearch(
  products: Product[],
  queries: BenchQuery[],
  rounds: number,
): Promise<CandidateFigures> {
  const before = heapUsed();
  const t = performance.now();
  const index = new FlexSearch.Index({ tokenize: 'forward', encoder: FlexSearch.Charset.LatinBalance });
  products.forEach((p, id) => index.add(id, `${p.name} ${p.sku} ${p.brand} ${p.productType}`));
  const buildMs = performance.now() - t;
  const heapBytes = heapUsed() - before;
  const times = await timeQueries(queries, rounds, (q) =>
    firstPage(products, index.search(q.q, { limit: products.length, suggest: false }).map(Number)),
  );
  return report({ name: 'FlexSearch 0.8 (forward, LatinBalance)', buildMs, heapBytes, times });
}

function report(f: CandidateFigures): CandidateFigures {
  row(`${f.name}: build`, `${(f.buildMs / 1000).toFixed(2)} s, heap ${mb(f.heapBytes)}`);
  for (const kind of ['brand', 'partial name', 'style code'] as const) row(`  ${kind}`, fmt(f.times[kind]));
  return f;
}
