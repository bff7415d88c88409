import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import type { Actor } from '@sneakers/shared/actor';
import { fixedClock } from '@sneakers/shared/clock';
import type { Product, Variant, VariantInput } from '@sneakers/shared/contracts/catalog';
import type { RateLimiter } from '@sneakers/shared/rate-limit/rate-limit';
import {
  callMarketplace,
  MARKETPLACE_CALL_LIMIT,
  refreshProductVariants,
} from '../../src/marketplace/domain';
import type { MarketplaceCallDeps, RefreshDeps } from '../../src/marketplace/ports';
import type { MarketplaceClient } from '../../src/marketplace/client';
import { marketplaceVariantsOf } from '../../src/marketplace/refresh-source';
import { mpProductSchema, mpVariantSchema } from '../../src/marketplace/shapes';
import { sampleProduct, sampleVariant, storedProduct } from '../support/fake-marketplace';
import { rejection } from '../support/rejection';

const user: Actor = { kind: 'user', userId: 'u-1', isSuperuser: false, isDemo: false };
const superuser: Actor = { kind: 'user', userId: 'admin', isSuperuser: true, isDemo: false };

/** Rolling-window slots in memory, as the table's limiter keeps them. */
function memoryLimiter(): RateLimiter {
  const taken = new Map<string, number[]>();
  return {
    async take(bucket, { limit, windowMs }, now) {
      const at = now.getTime();
      const live = (taken.get(bucket) ?? []).filter((t) => t > at - windowMs);
      if (live.length >= limit) return null;
      live.push(at);
      taken.set(bucket, live);
      return { bucket, slot: live.length - 1, takenAt: at };
    },
    async release() {},
  };
}

/** Records each call and answers canned data. */
function recordingMarketplace() {
  const calls: unknown[][] = [];
  const product = z.parse(mpProductSchema, sampleProduct());
  const variant = z.parse(mpVariantSchema, sampleVariant());
  const client: MarketplaceClient = {
    searchCatalog: async (...args) => {
      calls.push(['searchCatalog', ...args]);
      return { count: 1, pageSize: 20, pageNumber: 1, hasNextPage: false, products: [product], rejected: 0 };
    },
    getProduct: async (...args) => (calls.push(['getProduct', ...args]), product),
    getProductVariants: async (...args) => (calls.push(['getProductVariants', ...args]), [variant]),
    getProductVariant: async (...args) => (calls.push(['getProductVariant', ...args]), variant),
    getMarketDataProduct: async (...args) => (calls.push(['getMarketDataProduct', ...args]), []),
    getMarketDataVariant: async (...args) => (
      calls.push(['getMarketDataVariant', ...args]),
      { productId: 'p-1', variantId: 'v-9', currencyCode: 'EUR' }
    ),
  };
  return { client, calls };
}

function callDeps(): MarketplaceCallDeps & { calls: unknown[][]; clock: ReturnType<typeof fixedClock> } {
  const { client, calls } = recordingMarketplace();
  return { marketplace: client, limiter: memoryLimiter(), clock: fixedClock('2026-11-22T10:00:00Z'), calls };
}

describe('the marketplace test page call', () => {
  it.each([
    [
      { action: 'search_catalog', query: 'dunk', limit: 5 },
      ['searchCatalog', 'dunk', { pageNumber: 1, pageSize: 5 }],
    ],
    [
      { action: 'search_catalog', query: ' dunk ' },
      ['searchCatalog', 'dunk', { pageNumber: 1, pageSize: 20 }],
    ],
    [{ action: 'get_product', productId: 'p-1' }, ['getProduct', 'p-1']],
    [{ action: 'get_product_variants', productId: 'p-1' }, ['getProductVariants', 'p-1']],
    [
      { action: 'get_product_variant', productId: 'p-1', variantId: 'v-9' },
      ['getProductVariant', 'p-1', 'v-9'],
    ],
    [{ action: 'get_market_data_product', productId: 'p-1' }, ['getMarketDataProduct', 'p-1']],
    [
      { action: 'get_market_data_variant', productId: 'p-1', variantId: 'v-9' },
      ['getMarketDataVariant', 'p-1', 'v-9'],
    ],
  ] as const)('%j calls the marketplace with %j', async (input, expected) => {
    const deps = callDeps();
    const answer = await callMarketplace(deps, user, input);
    expect(answer.success).toBe(true);
    expect(answer.data).toBeDefined();
    expect(deps.calls).toEqual([expected]);
  });

  it.each([
    [{ action: 'search_catalog' }, 'Enter a search query', 'query'],
    [{ action: 'search_catalog', query: '   ' }, 'Enter a search query', 'query'],
    [{ action: 'get_product' }, 'Enter a product ID', 'productId'],
    [{ action: 'get_market_data_variant', productId: 'p-1' }, 'Enter a variant ID', 'variantId'],
    [{ action: 'get_product_variant', variantId: 'v' }, 'Enter a product ID', 'productId'],
  ] as const)('refuses %j: 400 %s', async (input, message, field) => {
    const deps = callDeps();
    const error = await rejection(callMarketplace(deps, user, input));
    expect([error.status, error.message]).toEqual([400, message]);
    expect(error.fields?.[field]).toEqual([message]);
    expect(deps.calls).toEqual([]);
  });

  it('limits each user to its calls per minute', async () => {
    const deps = callDeps();
    const search = { action: 'search_catalog', query: 'x' } as const;
    for (let i = 0; i < MARKETPLACE_CALL_LIMIT.limit; i++) await callMarketplace(deps, user, search);
    const error = await rejection(callMarketplace(deps, user, search));
    expect([error.status, error.code]).toEqual([429, 'RATE_LIMITED']);
    await callMarketplace(deps, { ...user, userId: 'u-2' }, search);
    deps.clock.advance(MARKETPLACE_CALL_LIMIT.windowMs);
    await callMarketplace(deps, user, search);
  });

  it('needs a signed-in user', async () => {
    expect(
      (await rejection(callMarketplace(callDeps(), { kind: 'anonymous' }, { action: 'get_product' }))).status,
    ).toBe(401);
  });
});

describe('refresh variants', () => {
  const stored = storedProduct;

  function refreshDeps(product: Product, client = recordingMarketplace().client) {
    const replaced: VariantInput[][] = [];
    const deps: RefreshDeps = {
      variantsOf: (product) => marketplaceVariantsOf(client, product),
      getProduct: async () => ({ product }),
      replaceVariants: async (_id, variants) => {
        replaced.push(variants);
        const out: Variant[] = variants.map((v, i) => ({
          id: `var-${i}`,
          productId: product.id,
          label: v.label,
          retailPrice: v.retailPrice ?? null,
          gtin: v.gtin ?? null,
          marketplaceVariantId: v.marketplaceVariantId ?? null,
          size: { brand: null, eu: null, usM: null, usW: null, uk: null, jpCm: null, ...v.size },
          updatedAt: 'now',
        }));
        return { variants: out, added: out.length, updated: 0, removed: 0 };
      },
    };
    return { deps, replaced };
  }

  it("re-reads the product's variants from the marketplace, skipping the cache", async () => {
    const market = recordingMarketplace();
    const { deps, replaced } = refreshDeps(stored(), market.client);
    const result = await refreshProductVariants(deps, superuser, 'prod-1');
    expect(market.calls).toEqual([['getProductVariants', 'p-1', { fresh: true }]]);
    expect(replaced).toEqual([
      [
        {
          label: 'US M 9',
          retailPrice: 11000,
          marketplaceVariantId: 'v-9',
          gtin: '00195866123456',
          size: { brand: 'nike', usM: '9', usW: '10.5', uk: '8', eu: '42.5', jpCm: '27' },
        },
      ],
    ]);
    expect(result.added).toBe(1);
  });

  it('finds the marketplace product by its style code when the id is missing', async () => {
    const market = recordingMarketplace();
    const { deps } = refreshDeps(stored({ marketplaceProductId: null, sku: 'dd1391 100' }), market.client);
    await refreshProductVariants(deps, superuser, 'prod-1');
    expect(market.calls.map((c) => c[0])).toEqual(['searchCatalog', 'getProductVariants']);
    expect(market.calls[0]?.[1]).toBe('dd1391 100');

    const { deps: unknownSku } = refreshDeps(stored({ marketplaceProductId: null, sku: 'ZZ9999-999' }));
    const error = await rejection(refreshProductVariants(unknownSku, superuser, 'prod-1'));
    expect([error.status, error.code]).toEqual([404, 'MARKETPLACE_NOT_FOUND']);
  });

  it('leaves the variants alone when the marketplace has no usable size', async () => {
    const market = recordingMarketplace();
    market.client.getProductVariants = async () => [
      z.parse(mpVariantSchema, sampleVariant({ sizeChart: null, variantValue: null })),
    ];
    const { deps, replaced } = refreshDeps(stored(), market.client);
    const error = await rejection(refreshProductVariants(deps, superuser, 'prod-1'));
    expect([error.status, error.code]).toEqual([502, 'MARKETPLACE_ERROR']);
    expect(replaced).toEqual([]);
  });

  it('is for superusers only', async () => {
    const { deps } = refreshDeps(stored());
    expect((await rejection(refreshProductVariants(deps, user, 'prod-1'))).code).toBe('SUPERUSER_REQUIRED');
  });
});
