import { randomUUID } from 'node:crypto';
import * as z from 'zod/mini';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import {
  createProduct,
  getProduct,
  MARKETPLACE_FEATURE,
  refreshVariants,
} from '@sneakers/shared/contracts/catalog';
import { callMarketplace } from '@sneakers/shared/contracts/catalog-tools';
import { setFlagGrant } from '@sneakers/shared/contracts/flags';
import { raw, rejection } from '../../../../tests/support/cloud-client';
import { mpProductSchema, mpVariantSchema } from '../../src/marketplace/shapes';
import { localAdmin, storeUser, type Client } from './support';

/**
 * The marketplace route and the refresh-variants modal through the local gateway, against
 * the local cloud's marketplace emulator (credentials from its Secrets Manager stand-in).
 */
const searchData = z.object({
  count: z.int(),
  products: z.array(z.extend(mpProductSchema, { styleId: z.string() })),
});
const asSearch = (data: unknown) => z.parse(searchData, data);

let admin: Client;
beforeAll(async () => {
  admin = await localAdmin();
});

describe('marketplace test page route', () => {
  it('needs a session, then the stockx_api_integration feature; with a grant it calls the marketplace', async () => {
    const signedOut = await raw('/api/catalog/marketplace', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ action: 'search_catalog', query: 'dunk' }),
    });
    expect(signedOut.status).toBe(401);

    const store = await storeUser('Market Shop');
    const refused = await rejection(
      store.client.call(callMarketplace, { body: { action: 'search_catalog', query: 'Nike' } }),
    );
    expect([refused.status, refused.code]).toEqual([403, 'FEATURE_NOT_AVAILABLE']);

    await admin.call(setFlagGrant, {
      params: { name: MARKETPLACE_FEATURE, userId: store.userId },
      body: { granted: true },
    });
    // Functions trust their cached feature data for a second in tests.
    const answer = await vi.waitFor(
      () =>
        store.client.call(callMarketplace, { body: { action: 'search_catalog', query: 'Nike', limit: 5 } }),
      { timeout: 5_000, interval: 300 },
    );
    expect(answer.success).toBe(true);
    const page = asSearch(answer.data);
    expect(page.count).toBeGreaterThan(5);
    expect(page.products).toHaveLength(5);
    expect(
      page.products.every((p) => `${p.title} ${p.brand} ${p.styleId}`.toLowerCase().includes('nike')),
    ).toBe(true);

    const missingQuery = await rejection(
      store.client.call(callMarketplace, { body: { action: 'search_catalog', query: '  ' } }),
    );
    expect([missingQuery.status, missingQuery.message]).toEqual([400, 'Enter a search query']);
    const missingVariant = await rejection(
      store.client.call(callMarketplace, { body: { action: 'get_product_variant', productId: 'x' } }),
    );
    expect([missingVariant.status, missingVariant.message]).toEqual([400, 'Enter a variant ID']);
    const overLimit = await rejection(
      store.client.call(callMarketplace, { body: { action: 'search_catalog', query: 'Nike', limit: 51 } }),
    );
    expect(overLimit.status).toBe(400);
  });

  it('serves every action of the test page from the emulator, and 404 for an unknown id', async () => {
    const search = asSearch(
      (await admin.call(callMarketplace, { body: { action: 'search_catalog', query: 'adidas', limit: 3 } }))
        .data,
    );
    const first = search.products[0];
    if (!first) throw new Error('The emulator found no adidas products');
    const productId = first.productId;

    const product = await admin.call(callMarketplace, { body: { action: 'get_product', productId } });
    expect(product.data).toMatchObject({ productId, styleId: first.styleId, brand: first.brand });

    const variants = z.parse(
      z.array(mpVariantSchema),
      (await admin.call(callMarketplace, { body: { action: 'get_product_variants', productId } })).data,
    );
    expect(variants.length).toBeGreaterThan(3);
    const variantId = variants[0]?.variantId ?? '';
    expect(variants[0]?.sizeChart?.availableConversions?.map((c) => c.type)).toContain('eu');

    const one = await admin.call(callMarketplace, {
      body: { action: 'get_product_variant', productId, variantId },
    });
    expect(one.data).toMatchObject({ productId, variantId });

    const market = await admin.call(callMarketplace, {
      body: { action: 'get_market_data_product', productId },
    });
    expect(market.data).toEqual(expect.arrayContaining([expect.objectContaining({ productId })]));
    const marketVariant = await admin.call(callMarketplace, {
      body: { action: 'get_market_data_variant', productId, variantId },
    });
    expect(marketVariant.data).toMatchObject({ productId, variantId, currencyCode: 'EUR' });

    const unknown = await rejection(
      admin.call(callMarketplace, { body: { action: 'get_product', productId: `missing-${randomUUID()}` } }),
    );
    expect([unknown.status, unknown.code]).toEqual([404, 'MARKETPLACE_NOT_FOUND']);
  });

  it('survives the emulator answering 429 and 500 once, malformed products and a broken body', async () => {
    for (const query of ['__429__', '__500__']) {
      const answer = await admin.call(callMarketplace, { body: { action: 'search_catalog', query } });
      expect(answer.success).toBe(true);
    }
    // Malformed products are left out and counted; the good ones of the page are served.
    const broken = await admin.call(callMarketplace, {
      body: { action: 'search_catalog', query: '__broken__' },
    });
    expect(broken.data).toMatchObject({ rejected: 3, products: [{}, {}, {}] });
    const badJson = await rejection(
      admin.call(callMarketplace, { body: { action: 'search_catalog', query: '__badjson__' } }),
    );
    expect([badJson.status, badJson.code, badJson.message]).toEqual([
      502,
      'MARKETPLACE_ERROR',
      'The marketplace API returned a response that is not valid JSON.',
    ]);
  });
});

describe('refresh variants', () => {
  it("replaces a product's variants with the marketplace's, found by style code in any format", async () => {
    const search = asSearch(
      (
        await admin.call(callMarketplace, {
          body: { action: 'search_catalog', query: 'New Balance', limit: 10 },
        })
      ).data,
    );
    const upstream = search.products.find((p) => p.brand === 'New Balance') ?? search.products[0];
    if (!upstream) throw new Error('The emulator found no New Balance products');

    // Saved by hand with one made-up size and the style code in another format, no marketplace id.
    const messySku = upstream.styleId.toLowerCase();
    const { product } = await admin.call(createProduct, {
      body: {
        sku: messySku,
        name: upstream.title,
        brand: upstream.brand,
        variants: [{ label: 'Made up size' }],
      },
    });

    const store = await storeUser('Market Shop');
    const notAllowed = await rejection(
      store.client.call(refreshVariants, { params: { productId: product.id } }),
    );
    expect([notAllowed.status, notAllowed.code]).toEqual([403, 'SUPERUSER_REQUIRED']);

    const result = await admin.call(refreshVariants, { params: { productId: product.id } });
    expect(result.removed).toBe(1);
    expect(result.added).toBe(result.variants.length);
    expect(result.variants.length).toBeGreaterThan(3);
    expect(result.variants.every((v) => v.marketplaceVariantId)).toBe(true);
    expect(result.variants.some((v) => v.size.eu && v.size.usM && v.size.uk)).toBe(true);

    const { variants } = await admin.call(getProduct, { params: { productId: product.id } });
    expect(variants.map((v) => v.label).sort()).toEqual(result.variants.map((v) => v.label).sort());

    // Again: the same sizes, matched, nothing added or removed.
    const again = await admin.call(refreshVariants, { params: { productId: product.id } });
    expect([again.added, again.removed]).toEqual([0, 0]);

    const missing = await rejection(
      admin.call(refreshVariants, { params: { productId: `nope-${randomUUID()}` } }),
    );
    expect([missing.status, missing.code]).toEqual([404, 'PRODUCT_NOT_FOUND']);
  });

  it('answers 404 MARKETPLACE_NOT_FOUND for a product the marketplace does not have', async () => {
    const { product } = await admin.call(createProduct, {
      body: { sku: `ZZ-${randomUUID().slice(0, 8)}`, name: 'Local only', brand: 'Nobody' },
    });
    const error = await rejection(admin.call(refreshVariants, { params: { productId: product.id } }));
    expect([error.status, error.code]).toEqual([404, 'MARKETPLACE_NOT_FOUND']);
  });
});
