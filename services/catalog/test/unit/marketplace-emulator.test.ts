import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startMarketplaceEmulator,
  type MarketplaceEmulator,
} from '../../../../localstack/src/marketplace/server';
import { createHttpMarketplaceClient, MarketplaceError } from '../../src/marketplace/client';
import { mapProduct } from '../../src/marketplace/mapping';

/** The client and the mapping against the local cloud's marketplace emulator, in process. */
const credentials = { apiKey: 'emu-key', clientId: 'emu-client', clientSecret: 'emu-secret' };

let emulator: MarketplaceEmulator;
beforeAll(async () => {
  emulator = await startMarketplaceEmulator({ port: 0, credentials, count: 800, today: '2026-11-22' });
});
afterAll(() => emulator.close());

const client = () =>
  createHttpMarketplaceClient({
    apiUrl: emulator.url,
    authUrl: `${emulator.url}/oauth/token`,
    credentials: async () => credentials,
    baseDelayMs: 5,
  });

describe('marketplace client against the emulator', () => {
  it('maps every product of a brand, with complete sizes for adult shoes', async () => {
    const mp = client();
    const page = await mp.searchCatalog('adidas', { pageSize: 50 });
    expect(page.count).toBeGreaterThan(50);
    expect(page.hasNextPage).toBe(true);
    expect(page.rejected).toBe(0);
    for (const product of page.products.slice(0, 15)) {
      const variants = await mp.getProductVariants(product.productId);
      const mapped = mapProduct(product, variants);
      if (!mapped.ok) throw new Error(mapped.reason);
      const { input, skippedVariants } = mapped.value;
      expect(skippedVariants).toBe(0);
      expect(input.variants?.length).toBe(variants.length);
      expect(input).toMatchObject({ sku: product.styleId, marketplaceProductId: product.productId });
      if (input.gender === 'men' || input.gender === 'women')
        for (const v of input.variants ?? [])
          expect(v.size).toMatchObject({ brand: 'adidas', eu: expect.any(String) });
    }
  });

  it('reads a product, a variant and market data', async () => {
    const mp = client();
    const [first] = (await mp.searchCatalog('Nike', { pageSize: 1 })).products;
    if (!first) throw new Error('no Nike product');
    expect(await mp.getProduct(first.productId)).toMatchObject({
      productId: first.productId,
      brand: first.brand,
    });
    const [variant] = await mp.getProductVariants(first.productId);
    if (!variant) throw new Error('no variants');
    expect(await mp.getProductVariant(first.productId, variant.variantId)).toEqual(variant);
    const market = await mp.getMarketDataVariant(first.productId, variant.variantId, 'EUR');
    expect(market).toMatchObject({
      productId: first.productId,
      variantId: variant.variantId,
      currencyCode: 'EUR',
    });
    const error = await mp.getProduct('no-such-product').then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(MarketplaceError);
    expect(error).toMatchObject({ status: 404, message: 'Product not found' });
  });

  it("rides out the emulator's 429 (Retry-After) and 500 faults", async () => {
    const mp = client();
    await expect(mp.searchCatalog('__429__')).resolves.toMatchObject({ pageNumber: 1 });
    await expect(mp.searchCatalog('__500__')).resolves.toMatchObject({ pageNumber: 1 });
  });

  it('waits out the rate limit under a burst of calls', async () => {
    const limited = await startMarketplaceEmulator({
      port: 0,
      credentials,
      count: 600,
      rateLimit: { perSecond: 10, burst: 3 },
    });
    try {
      const mp = createHttpMarketplaceClient({
        apiUrl: limited.url,
        credentials: async () => credentials,
        baseDelayMs: 5,
      });
      const ids = limited.products.slice(0, 6).map((p) => p.productId);
      const products = await Promise.all(ids.map((id) => mp.getProduct(id)));
      expect(products.map((p) => p.productId)).toEqual(ids);
    } finally {
      await limited.close();
    }
  });
});
