import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { upsertProducts, type ProductInput } from '@sneakers/shared/contracts/catalog';
import { CATALOG_MARKET_SERVICE } from '@sneakers/shared/contracts/catalog-market';
import { createItem } from '@sneakers/shared/contracts/lists';
import { invokeFunction } from '@sneakers/shared/runtime/invoke';
import { PRICING_MARKET_MAX_AGE_MS } from '@sneakers/shared/rules/pricing';
import { storeUser } from '../../../../tests/support/accounts';
import { api, cloud, poll, signIn } from '../../../../tests/support/cloud-client';
import { db, table } from '../../../../tests/support/local-table';
import { createMarketInputsSource } from '../../src/market/domain';
import type { MarketItem } from '../../src/market/ports';
import { createCatalogMarketReader, createNetworkIndexReader } from '../../src/market/repository';

/**
 * The runs' market inputs against the local cloud: the catalogue's catalog-market function (with
 * catalog-fetcher and the marketplace emulator behind it) and the deals index the matcher keeps
 * from the stream, through the same adapters deps.ts wires.
 */
const env = () => ({ AWS_REGION: 'eu-west-1', LAMBDA_ENDPOINT: cloud().lambdaUrl });

const source = () =>
  createMarketInputsSource({
    catalog: createCatalogMarketReader((request) =>
      invokeFunction(env(), CATALOG_MARKET_SERVICE, request, {}),
    ),
    index: createNetworkIndexReader(db(), table),
  });

/** A marketplace product (by the emulator's catalogue) saved in the catalogue under a style code of its own. */
async function catalogueProduct(): Promise<{ productId: string; input: ProductInput; sku: string }> {
  const admin = api(await signIn(cloud().admin.email, cloud().admin.password));
  const raw = await invokeFunction(
    env(),
    'catalog-fetcher',
    { op: 'importPage', mode: 'brand', value: 'Salomon', page: 1 },
    {},
  );
  const inputs = (raw as { result: { inputs: ProductInput[] } }).result.inputs;
  const input = inputs.find((i) => i.marketplaceProductId && (i.variants?.length ?? 0) > 3);
  if (!input) throw new Error('no Salomon product with variants in the emulator');
  const sku = `PM${randomUUID().replace(/\D/g, '').slice(0, 6)}-100`;
  const { productIds } = await admin.call(upsertProducts, { body: { products: [{ ...input, sku }] } });
  return { productId: productIds[0] ?? '', input, sku };
}

/** `count` marketplace products saved in the catalogue under new style codes: never read, so cold. */
async function coldProducts(count: number): Promise<{ productId: string; sku: string; brand: string }[]> {
  const admin = api(await signIn(cloud().admin.email, cloud().admin.password));
  const raw = await invokeFunction(
    env(),
    'catalog-fetcher',
    { op: 'importPage', mode: 'brand', value: 'Salomon', page: 1 },
    {},
  );
  const inputs = (raw as { result: { inputs: ProductInput[] } }).result.inputs.filter(
    (i) => i.marketplaceProductId,
  );
  const tag = randomUUID().replace(/\D/g, '').slice(0, 5);
  const chosen = Array.from({ length: count }, (_, i) => {
    const input = inputs[i % inputs.length] as ProductInput;
    return { ...input, sku: `PB${tag}${String(i).padStart(2, '0')}-100` };
  });
  const { productIds } = await admin.call(upsertProducts, { body: { products: chosen } });
  return productIds.map((productId, i) => ({
    productId,
    sku: chosen[i]?.sku ?? '',
    brand: chosen[i]?.brand ?? '',
  }));
}

async function reseller(name: string) {
  const user = await storeUser(name, { role: 'reseller', publicWtsList: true });
  return user;
}

describe('market inputs for a pricing run', () => {
  it('reads the item’s variant from the catalogue’s market data and the network’s best ask and bid of other users', async () => {
    const { productId, input, sku } = await catalogueProduct();
    const variant = input.variants?.find((v) => v.size?.eu) ?? input.variants?.[0];
    const euSize = `EU ${variant?.size?.eu ?? ''}`;
    const store = await storeUser('Pricing Bids', { publicWtbList: true });
    const other = await reseller('Pricing Asks');
    const me = await reseller('Pricing Me');
    const item = (over: Record<string, unknown>) => ({
      sku,
      name: input.name,
      brand: input.brand,
      sizes: [euSize],
      visibility: 'public' as const,
      productCatalogId: productId,
      ...over,
    });
    await store.call(createItem, { body: { listType: 'wtb', targetPrice: 15_000, ...item({}) } });
    await other.call(createItem, { body: { listType: 'wts', desiredPrice: 21_000, ...item({}) } });
    // A cheaper WTS of the caller's own, and one in another size: neither is the network's.
    await me.call(createItem, { body: { listType: 'wts', desiredPrice: 9_000, ...item({}) } });
    await other.call(createItem, {
      body: { listType: 'wts', desiredPrice: 8_000, ...item({ sizes: ['EU 30'] }) },
    });

    const mine: MarketItem = {
      itemId: 'mine',
      productCatalogId: productId,
      productVariantId: null,
      sku,
      brand: input.brand,
      sizes: [euSize],
      isBulk: false,
      currency: 'EUR',
    };
    const load = () =>
      source().load({ userId: me.userId, demo: false, items: [mine], maxAgeMs: PRICING_MARKET_MAX_AGE_MS });
    const loaded = await poll(
      load,
      (l) =>
        l.inputs.get('mine')?.network?.bestBid === 15_000 &&
        l.inputs.get('mine')?.network?.bestAsk === 21_000,
      30_000,
    );
    expect(loaded.inputs.get('mine')?.network).toEqual({ bestAsk: 21_000, bestBid: 15_000 });

    const rawMarket = (await invokeFunction(
      env(),
      'catalog-fetcher',
      { op: 'getMarketDataProduct', productId: input.marketplaceProductId, currency: 'EUR' },
      {},
    )) as {
      result: {
        variantId: string;
        lowestAskAmount: number;
        highestBidAmount: number;
        sellFasterAmount: number;
        earnMoreAmount: number;
      }[];
    };
    const expected = rawMarket.result.find((m) => m.variantId === variant?.marketplaceVariantId);
    expect(loaded.inputs.get('mine')?.market).toEqual({
      lowestAsk: (expected?.lowestAskAmount ?? NaN) * 100,
      highestBid: (expected?.highestBidAmount ?? NaN) * 100,
      sellFaster: (expected?.sellFasterAmount ?? NaN) * 100,
      earnMore: (expected?.earnMoreAmount ?? NaN) * 100,
      refreshedAt: expect.any(String),
    });

    // Within maxAge the catalogue answers its rows: no marketplace request.
    expect((await load()).marketplaceRequests).toBe(0);
    // The demo network is another one.
    const demo = await source().load({
      userId: me.userId,
      demo: true,
      items: [mine],
      maxAgeMs: PRICING_MARKET_MAX_AGE_MS,
    });
    expect(demo.inputs.get('mine')?.network).toBeNull();
  });

  it('answers at once with the cold products pending when the refresh budget is spent, and reads them next time', async () => {
    const products = await coldProducts(30);
    const items: MarketItem[] = products.map(({ productId, sku, brand }, i) => ({
      itemId: `cold-${i}`,
      productCatalogId: productId,
      productVariantId: null,
      sku,
      brand,
      sizes: [],
      isBulk: true,
      currency: 'EUR',
    }));
    const load = (budgetMs?: number) =>
      source().load({
        userId: 'pricing-budget',
        demo: false,
        items,
        maxAgeMs: PRICING_MARKET_MAX_AGE_MS,
        network: 'none',
        ...(budgetMs === undefined ? {} : { budgetMs }),
      });

    const started = Date.now();
    const spent = await load(1);
    const seconds = (Date.now() - started) / 1000;
    console.info(
      `pricing market inputs: 30 cold products with a 1 ms budget answered in ${seconds.toFixed(2)} s`,
    );
    expect(spent).toMatchObject({ marketplaceRequests: 0, marketPending: 30 });
    expect([...spent.inputs.values()].every((i) => i.pending === true && i.market === null)).toBe(true);
    // 30 paced requests alone would take 1.5 s.
    expect(seconds).toBeLessThan(1.5);

    const read = await load();
    expect(read.marketPending).toBe(0);
    // One request per marketplace product (the page repeats some), unless the fetcher's cache had it.
    expect(read.marketplaceRequests).toBeGreaterThan(0);
    expect([...read.inputs.values()].every((i) => i.pending === undefined && i.market !== null)).toBe(true);
  });
});
