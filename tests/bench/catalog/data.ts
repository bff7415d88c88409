import type { Product } from '@sneakers/shared/contracts/catalog';
import { generateCatalogue, type GeneratedProduct } from '../../../localstack/src/marketplace/catalogue';
import { median, percentile } from '../stats';

/** A generated product as the catalog table holds it (ids, cents, timestamps). */
export function toProduct(g: GeneratedProduct): Product {
  // Updated some hours after release, spread by index, so 'updated' order differs from 'release'.
  const updatedAt = new Date(
    Date.parse(`${g.releaseDate}T00:00:00Z`) + (g.index % 997) * 3_600_000,
  ).toISOString();
  return {
    id: g.productId,
    sku: g.styleId,
    name: g.title,
    brand: g.brand,
    productType: g.productType,
    imageUrl: `http://127.0.0.1:4508/images/${encodeURIComponent(g.styleId)}.svg`,
    releaseDate: g.releaseDate,
    retailPrice: g.retailPrice * 100,
    currency: 'EUR',
    colorway: g.colorway,
    gender: g.gender,
    marketplaceSlug: g.urlKey,
    marketplaceProductId: g.productId,
    createdAt: updatedAt,
    updatedAt,
  };
}

/**
 * `count` products. The generator slows down past ~100,000 (its unique style codes get
 * crowded), so larger catalogues join 50,000-product runs of different seeds; ids differ
 * per seed, and the rare style code two seeds share is harmless to a search timing.
 */
export function catalogue(count: number): Product[] {
  if (count <= 100_000) return generateCatalogue({ count }).map(toProduct);
  const out: Product[] = [];
  for (let seed = 13; out.length < count; seed++)
    for (const g of generateCatalogue({ count: Math.min(50_000, count - out.length), seed }))
      out.push(toProduct(g));
  return out;
}

export type QueryKind = 'brand' | 'partial name' | 'style code';
export interface BenchQuery {
  kind: QueryKind;
  q: string;
}

/** Deterministic picks from the data: the same queries for every candidate. */
export function queriesFor(products: Product[]): BenchQuery[] {
  let state = 7;
  const next = () => (state = (state * 48271) % 2147483647) / 2147483647;
  const pick = () => products[Math.floor(next() * products.length)]!;
  const out: BenchQuery[] = ['adidas', 'new balance', 'asics', 'puma'].map((q) => ({ kind: 'brand', q }));
  for (const q of ['jordan 1 ret', 'dunk lo']) out.push({ kind: 'partial name', q });
  // Names as typed: the first two words and the start of the third.
  while (out.filter((q) => q.kind === 'partial name').length < 6) {
    const w = pick().name.toLowerCase().split(/\s+/);
    if (w.length >= 3 && w[2]!.length >= 3)
      out.push({ kind: 'partial name', q: `${w[0]} ${w[1]} ${w[2]!.slice(0, 3)}` });
  }
  // Style codes written with a space instead of the brand's dash ('DD1391 100').
  while (out.filter((q) => q.kind === 'style code').length < 6) {
    const sku = pick().sku;
    if (sku.includes('-')) out.push({ kind: 'style code', q: sku.replace('-', ' ') });
  }
  return out;
}

export const KINDS: QueryKind[] = ['brand', 'partial name', 'style code'];

/** Runs every query `rounds` times (round-robin, after one warm-up round) and times each call. */
export async function timeQueries(
  queries: BenchQuery[],
  rounds: number,
  run: (q: BenchQuery) => unknown,
): Promise<Record<QueryKind, number[]>> {
  const times: Record<QueryKind, number[]> = { brand: [], 'partial name': [], 'style code': [] };
  for (const q of queries) await run(q);
  for (let round = 0; round < rounds; round++)
    for (const q of queries) {
      const t = performance.now();
      await run(q);
      times[q.kind].push(performance.now() - t);
    }
  return times;
}

export const p50 = (t: number[]) => median(t);
export const fmt = (t: number[]) => `p50 ${median(t).toFixed(2)} ms, p95 ${percentile(t, 95).toFixed(2)} ms`;

/** Heap used after a full GC (run the bench with --expose-gc for exact figures). */
export function heapUsed(): number {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (gc) {
    gc();
    gc();
  }
  return process.memoryUsage().heapUsed;
}

export const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
