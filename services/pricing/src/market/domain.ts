import type { CatalogMarketVariant, CatalogProductMarket } from '@sneakers/shared/contracts/catalog-market';
import type { Currency } from '@sneakers/shared/money';
import { BULK_SIZE_KEY, dealIndexPartition, productKeysOf, sizeKeyOf } from '@sneakers/shared/rules/deals';
import type { PricingMarket, PricingNetwork } from '@sneakers/shared/rules/pricing';
import { CATALOG_MARKET_MAX_PRODUCTS } from '@sneakers/shared/contracts/catalog-market';
import { mapLimit } from '@sneakers/shared/concurrency';
import type {
  CatalogMarketReader,
  MarketInputs,
  MarketInputsSource,
  MarketItem,
  NetworkIndexReader,
  NetworkRow,
} from './ports';

/**
 * An item's pricing inputs from what the catalogue and the deals index hold (pure;
 * docs/product/pricing-strategies.md#how-a-price-is-computed). The I/O is in ./repository.ts.
 *
 * Market: the item's catalogue product's row in the item's currency (the catalogue answers one
 * per product and currency, so a price is never compared across currencies). The variant is the
 * item's own (`productVariantId`) when set, else the one of its size, sizes compared as the
 * deals rule compares them (`sizeKeyOf`: the EU size of the chart row, so US M 9 and EU 42.5 are
 * one size). An item of several sizes sells any of them at one price: its market is the size
 * with the lowest lowest ask (the competition it meets first). A BULK or sizeless item is the
 * whole product: the variant with the lowest ask.
 *
 * Network: other users' rows of the deals index for the item's product keys (catalogue id and
 * style code), in the item's scope (demo users see the demo network only) and currency, for any
 * of the item's sizes (a BULK row, or a BULK item, matches every size). Best ask: the lowest
 * price among the HAVE side (resellers' WTS, WTC, inventory), best bid: the highest among the
 * WANT side (stores' WTB).
 */

export type NetworkSide = 'want' | 'have';

export interface NetworkPartition {
  pk: string;
  side: NetworkSide;
}

export const marketKey = (productId: string, currency: Currency) => `${productId}\u0000${currency}`;

/** The (catalogue product, currency) pairs the items need, each once. */
export function productsToLoad(items: readonly MarketItem[]): { productId: string; currency: Currency }[] {
  const pairs = new Map<string, { productId: string; currency: Currency }>();
  for (const item of items) {
    if (!item.productCatalogId) continue;
    pairs.set(marketKey(item.productCatalogId, item.currency), {
      productId: item.productCatalogId,
      currency: item.currency,
    });
  }
  return [...pairs.values()];
}

/**
 * The product key an item's network is read under: its style code's (every item has a SKU, and
 * every indexed item is under its code's partition), else its catalogue product's. Reading one
 * key, not both, halves a run's Queries (a 5,000-item run over 300 products: 300 a side instead
 * of 600); it misses only another user's item linked to the same catalogue product under a
 * different style code.
 */
export function networkKeyOf(item: Pick<MarketItem, 'productCatalogId' | 'sku'>): string | undefined {
  const keys = productKeysOf(item);
  return keys.find((key) => key.startsWith('sku:')) ?? keys[0];
}

const SIDES = { none: [], asks: ['have'], both: ['want', 'have'] } as const satisfies Record<
  string,
  readonly NetworkSide[]
>;

/** The index partitions (product key × side) the items' network prices are in, each once. */
export function networkPartitions(
  items: readonly MarketItem[],
  demo: boolean,
  need: keyof typeof SIDES = 'both',
): NetworkPartition[] {
  const out = new Map<string, NetworkPartition>();
  for (const item of items) {
    const productKey = networkKeyOf(item);
    if (productKey === undefined) continue;
    for (const side of SIDES[need]) {
      const pk = dealIndexPartition(demo, side, productKey);
      out.set(pk, { pk, side });
    }
  }
  return [...out.values()];
}

const isBulkItem = (item: MarketItem, keys: readonly string[]) =>
  item.isBulk || keys.length === 0 || keys.includes(BULK_SIZE_KEY);

/** Every key a variant's size is known by: its label and each system's value, through the product's chart. */
function variantKeys(
  product: CatalogProductMarket,
  brand: string,
  variant: CatalogMarketVariant,
): Set<string> {
  const owner = { brand, gender: product.gender };
  const { size } = variant;
  const labels = [
    variant.label,
    size.eu && `EU ${size.eu}`,
    size.usM && `US M ${size.usM}`,
    size.usW && `US W ${size.usW}`,
    size.uk && `UK ${size.uk}`,
  ];
  const keys = new Set<string>();
  for (const label of labels) if (label) keys.add(sizeKeyOf(owner, label));
  keys.delete(BULK_SIZE_KEY);
  return keys;
}

/** The lower lowest ask first; a variant without one last. */
function cheaper(a: CatalogMarketVariant, b: CatalogMarketVariant): CatalogMarketVariant {
  if (b.lowestAsk === null) return a;
  if (a.lowestAsk === null) return b;
  return b.lowestAsk < a.lowestAsk ? b : a;
}

function marketOfVariant(variant: CatalogMarketVariant, refreshedAt: string): PricingMarket {
  return {
    lowestAsk: variant.lowestAsk,
    highestBid: variant.highestBid,
    sellFaster: variant.sellFaster,
    earnMore: variant.earnMore,
    refreshedAt,
  };
}

/** The item's market data, or null when there is none for it (the strategy's no-market fallback decides). */
export function marketOf(item: MarketItem, product: CatalogProductMarket | undefined): PricingMarket | null {
  if (!product || product.refreshedAt === null || product.currency !== item.currency) return null;
  if (product.variants.length === 0) return null;
  const { refreshedAt } = product;
  if (item.productVariantId) {
    const own = product.variants.find((v) => v.variantId === item.productVariantId);
    if (own) return marketOfVariant(own, refreshedAt);
  }
  const brand = product.brand ?? item.brand;
  const itemKeys = item.sizes.map((label) => sizeKeyOf({ brand, gender: product.gender }, label));
  let best: CatalogMarketVariant | undefined;
  if (isBulkItem(item, itemKeys)) {
    for (const variant of product.variants) best = best ? cheaper(best, variant) : variant;
  } else {
    const wanted = new Set(itemKeys);
    for (const variant of product.variants) {
      const keys = variantKeys(product, brand, variant);
      if (![...keys].some((key) => wanted.has(key))) continue;
      best = best ? cheaper(best, variant) : variant;
    }
  }
  return best ? marketOfVariant(best, refreshedAt) : null;
}

/**
 * The network's best ask and bid for the item; null when no other user's priced row in its
 * currency matches it. `rows` are those read from {@link networkPartitions} of `demo`.
 */
export function networkOf(
  item: MarketItem,
  rowsByPartition: ReadonlyMap<string, readonly NetworkRow[]>,
  userId: string,
  demo: boolean,
): PricingNetwork | null {
  // The index keys sizes with no gender (services/deals sourceOf): so do we, to meet its keys.
  const itemKeys = item.sizes.map((label) => sizeKeyOf({ brand: item.brand, gender: null }, label));
  const anySize = isBulkItem(item, itemKeys);
  const wanted = new Set(itemKeys);
  let bestAsk: number | null = null;
  let bestBid: number | null = null;
  const productKey = networkKeyOf(item);
  if (productKey !== undefined) {
    for (const side of ['want', 'have'] as const) {
      for (const row of rowsByPartition.get(dealIndexPartition(demo, side, productKey)) ?? []) {
        if (row.ownerId === userId || row.price === null || row.currency !== item.currency) continue;
        if (!anySize && row.sizeKey !== BULK_SIZE_KEY && !wanted.has(row.sizeKey)) continue;
        if (side === 'have') bestAsk = bestAsk === null ? row.price : Math.min(bestAsk, row.price);
        else bestBid = bestBid === null ? row.price : Math.max(bestBid, row.price);
      }
    }
  }
  return bestAsk === null && bestBid === null ? null : { bestAsk, bestBid };
}

/** Every item's inputs (every item gets an entry). */
export function marketInputsOf(args: {
  items: readonly MarketItem[];
  products: ReadonlyMap<string, CatalogProductMarket>;
  rowsByPartition: ReadonlyMap<string, readonly NetworkRow[]>;
  userId: string;
  demo: boolean;
}): Map<string, MarketInputs> {
  const inputs = new Map<string, MarketInputs>();
  for (const item of args.items) {
    const product = item.productCatalogId
      ? args.products.get(marketKey(item.productCatalogId, item.currency))
      : undefined;
    inputs.set(item.itemId, {
      market: marketOf(item, product),
      network: networkOf(item, args.rowsByPartition, args.userId, args.demo),
      ...(product?.status === 'pending' ? { pending: true } : {}),
    });
  }
  return inputs;
}

/**
 * Index partitions read at once: a Query each, so a run over hundreds of products is bound by
 * round trips (locally 1,200 Queries took 4-9 s 8 at a time, under 4 s 32 at a time).
 */
export const NETWORK_READ_CONCURRENCY = 16;
/**
 * Catalogue invocations at once (each up to CATALOG_MARKET_MAX_PRODUCTS products): one, since the
 * marketplace pace is kept per catalog-fetcher container and parallel invocations would run in
 * several (together over the marketplace's limit).
 */
export const CATALOG_READ_CONCURRENCY = 1;

/**
 * The run's MarketInputsSource: the catalogue's rows (refreshed there when older than
 * `maxAgeMs`, within what is left of `budgetMs`) and the deals index's partitions, read in
 * parallel with small caps.
 */
export function createMarketInputsSource(deps: {
  catalog: CatalogMarketReader;
  index: NetworkIndexReader;
  now?: () => number;
}): MarketInputsSource {
  const now = deps.now ?? Date.now;
  return {
    async load({ userId, demo, items, maxAgeMs, network = 'both', budgetMs }) {
      // One budget for the whole load: each chunk (sent one after the other) gets what is left.
      const deadline = budgetMs === undefined ? undefined : now() + budgetMs;
      const pairs = productsToLoad(items);
      const chunks: (typeof pairs)[] = [];
      for (let i = 0; i < pairs.length; i += CATALOG_MARKET_MAX_PRODUCTS)
        chunks.push(pairs.slice(i, i + CATALOG_MARKET_MAX_PRODUCTS));
      const partitions = networkPartitions(items, demo, network);
      const [answers, rows] = await Promise.all([
        mapLimit(chunks, CATALOG_READ_CONCURRENCY, (products) =>
          deps.catalog.read({
            products,
            maxAgeMs,
            ...(deadline === undefined ? {} : { budgetMs: Math.max(0, deadline - now()) }),
          }),
        ),
        mapLimit(partitions, NETWORK_READ_CONCURRENCY, (partition) => deps.index.readPartition(partition.pk)),
      ]);
      const products = new Map<string, CatalogProductMarket>();
      for (const answer of answers)
        for (const product of answer.products)
          products.set(marketKey(product.productId, product.currency), product);
      const rowsByPartition = new Map<string, NetworkRow[]>();
      partitions.forEach((partition, i) => rowsByPartition.set(partition.pk, rows[i] ?? []));
      return {
        inputs: marketInputsOf({ items, products, rowsByPartition, userId, demo }),
        marketplaceRequests: answers.reduce((sum, answer) => sum + answer.marketplaceRequests, 0),
        retried429: answers.reduce((sum, answer) => sum + answer.retried429, 0),
        marketPending: [...products.values()].filter((product) => product.status === 'pending').length,
      };
    },
  };
}
