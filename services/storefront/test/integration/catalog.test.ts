import { randomUUID } from 'node:crypto';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { createProduct } from '@sneakers/shared/contracts/catalog';
import { createItem, deleteItem, updateItem } from '@sneakers/shared/contracts/lists';
import { toRow } from '@sneakers/shared/table/entity';
import { outboxEntity } from '@sneakers/shared/table/outbox';
import { storeUser } from '../../../../tests/support/accounts';
import { api, cloud, newUser, poll, raw } from '../../../../tests/support/cloud-client';
import { db, table } from '../../../../tests/support/local-table';
import { setupEntity } from '../../src/setup/setup-entity';
import { priceEntity } from '../../src/setup/price-entity';

/**
 * The projection and the public JSON routes against the local cloud: items written through
 * the lists API reach the storefront by the table's stream; the set-up and prices rows are
 * written below the routes (the section's routes are another area's).
 */

async function publish(storeUserId: string, lists: ('inventory' | 'wts')[] = ['inventory']) {
  await setupEntity
    .withConfig({ client: db(), table })
    .put(
      toRow({
        storeUserId,
        enabled: true,
        name: '',
        logoUrl: null,
        bannerUrl: null,
        description: 'Deadstock only',
        contact: 'hola@kicks.example',
        returnsText: '14 days',
        lists,
        virtualProductIds: [],
        updatedAt: new Date().toISOString(),
      }),
    )
    .go();
}

/** A public read; a 429 (the per-visitor limit, which this test's polling reaches) waits and asks again. */
async function publicGet(path: string): Promise<Response> {
  for (let attempt = 0; ; attempt++) {
    const res = await raw(path);
    if (res.status !== 429 || attempt >= 30) return res;
    await new Promise((r) => setTimeout(r, 500));
  }
}

const storefront = async (storeId: string, query = '') => {
  const res = await publicGet(`/api/store/${storeId}${query}`);
  return { status: res.status, text: await res.text(), headers: res.headers };
};

/** Storefront.BackInStock events in the outbox for one store (a test-only Scan, every page). */
async function backInStock(storeUserId: string) {
  const rows: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await db().send(
      new ScanCommand({
        TableName: table,
        FilterExpression: '#e = :e AND #t = :t',
        ExpressionAttributeNames: { '#e': '__edb_e__', '#t': 'detailType' },
        ExpressionAttributeValues: { ':e': outboxEntity.schema.model.entity, ':t': 'Storefront.BackInStock' },
        ExclusiveStartKey: start,
      }),
    );
    rows.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start);
  return rows
    .flatMap((Item) => outboxEntity.parse({ Item }).data ?? [])
    .map((e) => (e.detail as { data: { storeUserId: string; productId: string; size: string } }).data)
    .filter((d) => d.storeUserId === storeUserId);
}

describe('the storefront, kept from the stream and read in public', () => {
  it('follows items as they are created, priced, edited, sold and deleted, and never answers private fields', async () => {
    const { userId, call } = await storeUser('Kicks Madrid');
    expect((await storefront(userId)).status).toBe(404);
    await publish(userId);

    const { item } = await call(createItem, {
      body: {
        listType: 'inventory',
        sku: 'DD1391-100',
        name: 'Dunk Low Panda',
        brand: 'Nike',
        currency: 'EUR',
        sizes: ['US 9'],
        askingPrice: 12_000,
        purchasePrice: 7_777,
        source: 'Secret Outlet',
        notes: 'PRIVATE-NOTE',
      },
    });
    const first = await poll(
      () => storefront(userId),
      (r) => r.status === 200 && r.text.includes('DD1391-100'),
    );
    const body = JSON.parse(first.text) as {
      store: { name: string; productCount: number };
      products: { productId: string; price: number; sizes: { label: string }[] }[];
    };
    expect(body.store).toMatchObject({ name: 'Kicks Madrid', productCount: 1 });
    expect(body.products).toEqual([
      expect.objectContaining({
        productId: 's-DD1391100',
        price: 12_000,
        sizes: [expect.objectContaining({ label: 'US 9' })],
      }),
    ]);
    // The raw answers carry nothing private.
    const product = await publicGet(`/api/store/${userId}/products/s-DD1391100`);
    const productText = await product.text();
    expect(product.status).toBe(200);
    for (const text of [first.text, productText]) {
      expect(text).not.toMatch(/offers|itemId|unitCost|purchase|7777|Secret Outlet|PRIVATE-NOTE/);
      expect(text).not.toContain(item.id);
    }

    // The pages for crawlers: through the gateway as CloudFront sends `/store/*`, the head in the HTML.
    const page = await publicGet(`/store/${userId}/product/s-DD1391100`);
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    expect(page.headers.get('cache-control')).toBe('public, max-age=60, s-maxage=300');
    expect(html).toContain('<title>Dunk Low Panda | Kicks Madrid</title>');
    expect(html).toContain('"@type":"Product"');
    expect(html).toContain('"price":"120.00"');
    expect(html).toContain(
      `<link rel="canonical" href="${cloud().appUrl}/store/${userId}/product/s-DD1391100" />`,
    );
    expect(html).not.toMatch(/offers"?:\[|itemId|unitCost|7777|Secret Outlet|PRIVATE-NOTE/);
    const storePage = await publicGet(`/store/${userId}`);
    expect(storePage.status).toBe(200);
    expect(await storePage.text()).toContain(
      '<script type="application/json" id="storefront-data">{"kind":"store"',
    );
    const sitemap = await publicGet(`/store/${userId}/sitemap.xml`);
    expect(sitemap.headers.get('content-type')).toMatch(/xml/);
    expect(await sitemap.text()).toContain(`/store/${userId}/product/s-DD1391100</loc>`);

    // A storefront price wins over the list price.
    await priceEntity
      .withConfig({ client: db(), table })
      .put({ storeUserId: userId, itemId: item.id, price: 9_900, updatedAt: new Date().toISOString() })
      .go();
    await poll(
      () => storefront(userId),
      (r) => r.text.includes('"price":9900'),
    );

    // A size added is announced once; the filter finds it in another system.
    await call(updateItem, { params: { itemId: item.id }, body: { sizes: ['US 9', 'US 10'] } });
    const bySize = await poll(
      () => storefront(userId, '?size=44&system=eu'),
      (r) => r.text.includes('DD1391-100'),
    );
    expect(bySize.status).toBe(200);
    const events = await poll(
      () => backInStock(userId),
      (e) => e.some((d) => d.size === 'US 10'),
    );
    expect(events.filter((d) => d.size === 'US 10')).toEqual([
      { storeUserId: userId, productId: 's-DD1391100', size: 'US 10', at: expect.any(String) },
    ]);

    // Sold: off the storefront (the product page says it is no longer available).
    await call(updateItem, { params: { itemId: item.id }, body: { status: 'sold' } });
    await poll(
      () => storefront(userId),
      (r) => !r.text.includes('DD1391-100'),
    );
    const gone = await publicGet(`/api/store/${userId}/products/s-DD1391100`);
    expect(gone.status).toBe(404);
    expect(await gone.json()).toMatchObject({ error: { code: 'PRODUCT_NOT_AVAILABLE' } });

    // Back on sale, then deleted.
    await call(updateItem, { params: { itemId: item.id }, body: { status: 'available' } });
    await poll(
      () => storefront(userId),
      (r) => r.text.includes('DD1391-100'),
    );
    await call(deleteItem, { params: { itemId: item.id } });
    const after = await poll(
      () => storefront(userId),
      (r) => !r.text.includes('DD1391-100'),
    );
    expect(JSON.parse(after.text)).toMatchObject({ products: [], store: { productCount: 0 } });
  });

  it('answers a catalogue product’s whole size run: the sizes on sale to buy, the others for "notify me"', async () => {
    const admin = api((await newUser({ superuser: true })).token);
    const sku = `SR-${randomUUID().slice(0, 8).toUpperCase()}`;
    const runs: [string, string][] = [
      ['41', '8'],
      ['42', '8.5'],
      ['42.5', '9'],
      ['43', '9.5'],
      ['44', '10'],
    ];
    const { product } = await admin.call(createProduct, {
      body: {
        sku,
        name: 'Dunk Low Panda',
        brand: 'Nike',
        colorway: 'White/Black-White',
        imageUrl: 'https://img.example/catalogue-panda.jpg',
        releaseDate: '2021-03-10',
        gender: 'men',
        variants: runs.map(([eu, usM]) => ({ label: `US M ${usM}`, size: { brand: 'nike', eu, usM } })),
      },
    });
    const { userId, call } = await storeUser('Kicks Madrid');
    await publish(userId);
    await call(createItem, {
      body: {
        listType: 'inventory',
        sku,
        name: 'Dunk Low Panda',
        brand: 'Nike',
        currency: 'EUR',
        sizes: ['US 9', 'US 10'],
        askingPrice: 12_000,
        productCatalogId: product.id,
      },
    });
    const page = await poll(
      async () => {
        const res = await publicGet(`/api/store/${userId}/products/${product.id}`);
        return { status: res.status, text: await res.text() };
      },
      (r) => r.status === 200,
    );
    const answer = JSON.parse(page.text) as {
      product: {
        images: string[];
        releaseDate: string | null;
        colorway: string;
        sizeRun: { label: string; inStock: boolean; price: number; chart: { eu: string } | null }[];
      };
    };
    expect(answer.product.sizeRun.map((s) => [s.label, s.inStock, s.price, s.chart?.eu])).toEqual([
      ['US 8', false, 12_000, '41'],
      ['US 8.5', false, 12_000, '42'],
      ['US 9', true, 12_000, '42.5'],
      ['US 9.5', false, 12_000, '43'],
      ['US 10', true, 12_000, '44'],
    ]);
    expect(answer.product).toMatchObject({
      images: ['https://img.example/catalogue-panda.jpg'],
      releaseDate: '2021-03-10',
      colorway: 'White/Black-White',
    });
    expect(page.text).not.toMatch(/"catalogue"|variants|offers/);
  });

  it('answers 404 STOREFRONT_NOT_FOUND for an unknown store and 400 for a cursor it never issued', async () => {
    const unknown = await raw(`/api/store/nobody-${randomUUID()}`);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ error: { code: 'STOREFRONT_NOT_FOUND' } });
    const { userId } = await storeUser('Kicks Madrid');
    await publish(userId);
    expect((await raw(`/api/store/${userId}?cursor=abc`)).status).toBe(400);
    const page = await raw(`/store/nobody-${randomUUID()}`);
    expect(page.status).toBe(404);
    expect(await page.text()).toContain('<meta name="robots" content="noindex" />');
  });
});
