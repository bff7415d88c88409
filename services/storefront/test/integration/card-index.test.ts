import { describe, expect, it } from 'vitest';
import { systemClock } from '@sneakers/shared/clock';
import { createItem } from '@sneakers/shared/contracts/lists';
import { createMemoryRateLimiter } from '@sneakers/shared/rate-limit/memory';
import { toRow } from '@sneakers/shared/table/entity';
import { storeUser } from '../../../../tests/support/accounts';
import { poll } from '../../../../tests/support/cloud-client';
import { countRequests } from '../../../../tests/support/count-requests';
import { db, table } from '../../../../tests/support/local-table';
import { cardIndexOf, cardsOfIndex, productsOf } from '../../src/catalog/domain';
import type { SourceItem } from '../../src/catalog/ports';
import { createProjectionRepository } from '../../src/catalog/repository';
import {
  createStorefrontReader,
  getStorefront,
  getStorefrontProduct,
  type PublicDeps,
} from '../../src/published';
import { setupEntity } from '../../src/setup/setup-entity';

/**
 * The issue 28 budget (docs/product/online-store.md#the-storefront): a storefront's first page
 * is at most 2 DynamoDB requests and a product page 1, counted on the reader's own client as
 * a bench would (through src/published.ts).
 */

async function openStore() {
  const lists: ('inventory' | 'wts')[] = ['inventory'];
  const { userId, call } = await storeUser('Kicks Valencia', { location: 'Valencia' });
  await setupEntity
    .withConfig({ client: db(), table })
    .put(
      toRow({
        storeUserId: userId,
        enabled: true,
        name: '',
        logoUrl: null,
        bannerUrl: null,
        description: '',
        contact: '',
        returnsText: '',
        lists,
        virtualProductIds: [],
        updatedAt: new Date().toISOString(),
      }),
    )
    .go();
  return { userId, call };
}

/** The public use cases on a client of their own, counting every request it sends. */
function countedReads() {
  const client = db();
  const requests = countRequests(client);
  const deps: PublicDeps = {
    reader: createStorefrontReader(client, table),
    limiter: createMemoryRateLimiter(),
    clock: systemClock,
  };
  return { deps, requests };
}

describe('the storefront’s request budget', () => {
  it('reads the first page in 2 requests and a product page in 1, from the index the stream keeps', async () => {
    const { userId, call } = await openStore();
    for (const [sku, name] of [
      ['DD1391-100', 'Dunk Low Panda'],
      ['IE0421', 'Samba OG'],
    ] as const) {
      await call(createItem, {
        body: {
          listType: 'inventory',
          sku,
          name,
          brand: sku === 'IE0421' ? 'adidas' : 'Nike',
          currency: 'EUR',
          sizes: ['US 9', 'US 10'],
          askingPrice: 12_000,
          purchasePrice: 7_000,
        },
      });
    }
    const { deps, requests } = countedReads();
    const page = await poll(
      () => getStorefront(deps, userId, {}).catch(() => null),
      (p) => p?.products.length === 2,
    );
    expect(page!.store).toMatchObject({
      name: 'Kicks Valencia',
      brands: ['adidas', 'Nike'],
      productCount: 2,
    });

    requests.length = 0;
    await getStorefront(deps, userId, { q: 'samba' });
    expect(requests).toEqual(['BatchGetItemCommand', 'QueryCommand']);

    requests.length = 0;
    const product = await getStorefrontProduct(deps, userId, 's-IE0421');
    expect(requests).toEqual(['BatchGetItemCommand']);
    expect(product.store).toEqual(page!.store);
    expect(product.product).toMatchObject({
      sku: 'IE0421',
      sizeRun: [{ label: 'US 9' }, { label: 'US 10' }],
    });
    expect(JSON.stringify(product)).not.toMatch(/offers|itemId|unitCost|7000/);
  });

  it('keeps a 1,000-product store’s index in one Query page', async () => {
    const { userId } = await openStore();
    const { deps, requests } = countedReads();
    // The stream's projection of the set-up writes chunk 0 first; the large index goes after it.
    await poll(
      () => getStorefront(deps, userId, {}).catch(() => null),
      (p) => p !== null,
    );
    const items: SourceItem[] = Array.from({ length: 1000 }, (_, i) => {
      const n = String(i).padStart(4, '0');
      return {
        id: `01JD3K5Q8Z6X7V9W2T4R1M${n}`,
        listType: 'inventory',
        status: 'available',
        isBulk: false,
        productCatalogId: `01JC9M2N4P6Q8R0S2T4V6X${n}`,
        productVariantId: null,
        sku: `DD${n}-100`,
        name: `Nike Dunk Low Retro Premium ${n} White Black Panda`,
        brand: 'Nike',
        colorway: 'White/Black-White',
        imageUrl: `https://sneakers-media.s3.eu-west-1.amazonaws.com/catalog/01JC9M2N4P6Q8R0S2T4V6X${n}/main-1600.jpg`,
        sizes: ['US 7', 'US 8', 'US 8.5', 'US 9', 'US 9.5', 'US 10', 'US 11', 'US 12'].slice(0, 3 + (i % 6)),
        desiredPrice: null,
        askingPrice: 10_000 + i,
        purchasePrice: 6_000,
        currency: 'EUR',
        createdAt: new Date(Date.UTC(2026, 0, 1) + i * 3_600_000).toISOString(),
      };
    });
    const rows = productsOf(
      {
        storeUserId: userId,
        setup: { enabled: true, lists: ['inventory'], virtualProductIds: [] },
        items,
        virtualProducts: [],
        prices: new Map(),
      },
      new Date(),
    );
    const repo = createProjectionRepository(db(), table);
    const stored = await repo.cardIndex(userId);
    const index = cardIndexOf(rows);
    expect(index.length).toBeGreaterThan(1);
    await repo.writeCardIndex(userId, {
      put: index,
      remove: stored.map((c) => c.chunk).filter((n) => n >= index.length),
    });
    expect(cardsOfIndex(await repo.cardIndex(userId)).cards).toHaveLength(1000);

    requests.length = 0;
    const page = await getStorefront(deps, userId, { sort: 'price_desc' });
    expect(requests).toEqual(['BatchGetItemCommand', 'QueryCommand']);
    expect(page.store.productCount).toBe(1000);
    expect(page.products[0]!.price).toBe(10_999);
  });
});
