import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '@sneakers/shared/actor';
import {
  catalogFacets,
  createProduct,
  deleteProduct,
  getProduct,
  listReleases,
  searchProducts,
  updateProduct,
  upsertProducts as bulkUpsert,
  type ProductInput,
} from '@sneakers/shared/contracts/catalog';
import { systemClock } from '@sneakers/shared/clock';
import { ulidGenerator } from '@sneakers/shared/ids';
import { api, newUser, poll, raw, rejection } from '../../../../tests/support/cloud-client';
import { countRequests } from '../../../../tests/support/count-requests';
import { styleCodeKey } from '@sneakers/shared/rules/style-code';
import { getProductWithVariants, upsertProducts } from '../../src/products/domain';
import type { ProductsDeps } from '../../src/products/ports';
import { createCatalogRepository } from '../../src/products/repository';
import { demoClient, localTable, type Client } from './support';

/** A style code no other test (or run) uses, in Nike's format: `XY1234-100`. */
function uniqueSku(): string {
  const letters = randomUUID()
    .replace(/[^a-f]/g, '')
    .slice(0, 2)
    .toUpperCase()
    .padEnd(2, 'Q');
  const digits = String(Math.floor(Math.random() * 1_000_000)).padStart(6, '0');
  return `${letters}${digits}-${digits.slice(0, 3)}`;
}

const product = (over: Partial<ProductInput> = {}): ProductInput => ({
  sku: uniqueSku(),
  name: 'Nike Dunk Low Retro',
  brand: 'Nike',
  releaseDate: '2021-01-14',
  retailPrice: 11_000,
  colorway: 'White/Black',
  variants: [
    { label: 'EU 43', size: { eu: '43', usM: '9.5' } },
    { label: 'EU 42', size: { eu: '42', usM: '8.5' } },
  ],
  ...over,
});

/** The catalogue's own storage on the local cloud's DynamoDB, counting the requests it sends. */
function localCatalog() {
  const { client, table } = localTable();
  const requests = countRequests(client);
  const repo = createCatalogRepository(client, table);
  const deps: ProductsDeps = { repo, clock: systemClock, ids: ulidGenerator };
  return { deps, requests };
}

let admin: Client;
let store: Client;
let demo: Client;
beforeAll(async () => {
  admin = api((await newUser({ superuser: true })).token);
  store = api((await newUser()).token);
  demo = await demoClient();
});

describe('catalog products through the local gateway', () => {
  it('lets a superuser create, update and delete a product; variants come sorted by size', async () => {
    const input = product();
    const created = await admin.call(createProduct, { body: input });
    expect(created.created).toBe(true);
    expect(created.product).toMatchObject({ sku: input.sku, name: input.name, productType: 'sneakers' });
    expect(created.variants.map((v) => v.label)).toEqual(['EU 42', 'EU 43']);

    const { product: updated } = await admin.call(updateProduct, {
      params: { productId: created.product.id },
      body: { name: 'Nike Dunk Low Panda', retailPrice: null },
    });
    expect(updated).toMatchObject({ name: 'Nike Dunk Low Panda', retailPrice: null, sku: input.sku });
    const read = await store.call(getProduct, { params: { productId: created.product.id } });
    expect(read.product).toEqual(updated);
    expect(read.variants.map((v) => [v.label, v.size.usM])).toEqual([
      ['EU 42', '8.5'],
      ['EU 43', '9.5'],
    ]);

    expect(await admin.call(deleteProduct, { params: { productId: created.product.id } })).toEqual({
      deleted: true,
    });
    const gone = await rejection(store.call(getProduct, { params: { productId: created.product.id } }));
    expect([gone.status, gone.code, gone.message]).toEqual([404, 'PRODUCT_NOT_FOUND', 'Product not found']);
    // Its SKU is free again.
    expect((await admin.call(createProduct, { body: product({ sku: input.sku }) })).created).toBe(true);
  });

  it('refuses writes to a store user (403 SUPERUSER_REQUIRED) and the demo (403 DEMO_MODE), and reads to nobody signed out', async () => {
    const { product: existing } = await admin.call(createProduct, { body: product() });
    for (const [client, code] of [
      [store, 'SUPERUSER_REQUIRED'],
      [demo, 'DEMO_MODE'],
    ] as const) {
      const writes = [
        () => client.call(createProduct, { body: product() }),
        () => client.call(bulkUpsert, { body: { products: [product()] } }),
        () => client.call(updateProduct, { params: { productId: existing.id }, body: { name: 'Hacked' } }),
        () => client.call(deleteProduct, { params: { productId: existing.id } }),
      ];
      for (const write of writes) {
        const error = await rejection(write());
        expect([error.status, error.code]).toEqual([403, code]);
      }
    }
    // Both may read.
    expect((await demo.call(getProduct, { params: { productId: existing.id } })).product.name).toBe(
      existing.name,
    );
    expect((await raw('/api/catalog/products')).status).toBe(401);
    expect((await raw(`/api/catalog/products/${existing.id}`)).status).toBe(401);
  });

  it('updates the product that has the same SKU written in another format, never duplicating it', async () => {
    const sku = uniqueSku();
    const first = await admin.call(createProduct, { body: product({ sku }) });
    const spaced = sku.replace('-', ' ').toLowerCase();
    const again = await admin.call(createProduct, { body: product({ sku: spaced, name: 'Renamed' }) });
    expect(again.created).toBe(false);
    expect(again.product).toMatchObject({ id: first.product.id, sku, name: 'Renamed' });
    const bulk = await admin.call(bulkUpsert, {
      body: { products: [product({ sku: styleCodeKey(sku), name: 'Bulk renamed' }), product()] },
    });
    expect(bulk).toMatchObject({ created: 1, updated: 1 });
    expect(bulk.productIds[0]).toBe(first.product.id);
  });

  it('answers 409 SKU_TAKEN when an update gives a product the SKU of another', async () => {
    const a = await admin.call(createProduct, { body: product() });
    const b = await admin.call(createProduct, { body: product() });
    const error = await rejection(
      admin.call(updateProduct, {
        params: { productId: b.product.id },
        body: { sku: a.product.sku.toLowerCase().replace('-', '') },
      }),
    );
    expect([error.status, error.code]).toEqual([409, 'SKU_TAKEN']);
  });

  it('makes ONE product of parallel saves of one SKU, through the API and through the use case', async () => {
    const sku = uniqueSku();
    const formats = [sku, sku.toLowerCase(), sku.replace('-', ' '), styleCodeKey(sku), sku.replace('-', '')];
    const results = await Promise.all(
      formats.map((f) => admin.call(createProduct, { body: product({ sku: f }) })),
    );
    expect(new Set(results.map((r) => r.product.id)).size).toBe(1);
    expect(results.filter((r) => r.created)).toHaveLength(1);

    const other = uniqueSku();
    const { deps } = localCatalog();
    const saves = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        upsertProducts(deps, [product({ sku: i % 2 ? other.toLowerCase() : other, name: `Save ${i}` })]),
      ),
    );
    expect(new Set(saves.flatMap((s) => s.productIds)).size).toBe(1);
    expect(saves.reduce((n, s) => n + s.created, 0)).toBe(1);
    expect((await deps.repo.skuOwners([styleCodeKey(other)])).get(styleCodeKey(other))).toBe(
      saves[0]?.productIds[0],
    );
  });

  it('reads a product with its variants in ONE DynamoDB request', async () => {
    const variants = Array.from({ length: 30 }, (_, i) => ({
      label: `EU ${36 + i / 2}`,
      size: { eu: `${36 + i / 2}` },
    }));
    const { product: created } = await admin.call(createProduct, { body: product({ variants }) });
    const { deps, requests } = localCatalog();
    const detail = await getProductWithVariants(deps, created.id);
    expect(detail.variants).toHaveLength(30);
    expect(detail.variants[0]?.label).toBe('EU 36');
    expect(requests).toEqual(['QueryCommand']);
  });

  it('finds a product created a moment ago once the index consumer ran: by name, brand and style code in any format', async () => {
    const brand = `Brand${randomUUID().slice(0, 6)}`;
    const sku = uniqueSku();
    const { product: created } = await admin.call(createProduct, {
      body: product({ sku, brand, name: 'Air Max Zephyrblast Prototype' }),
    });
    const search = (query: Record<string, string>) => store.call(searchProducts, { query });
    const found = await poll(
      () => search({ q: sku.replace('-', ' ') }),
      (r) => r.products.some((p) => p.id === created.id),
      30_000,
    );
    expect(found.products.map((p) => p.id)).toContain(created.id);
    expect((await search({ q: 'zephyrbl' })).products.map((p) => p.id)).toContain(created.id);
    expect((await search({ q: 'zephirblast' })).products.map((p) => p.id)).toContain(created.id);
    const byBrand = await search({ brand: brand.toLowerCase() });
    expect([byBrand.total, byBrand.pageSize, byBrand.page]).toEqual([1, 24, 1]);
    expect((await store.call(catalogFacets)).brands).toContain(brand);

    // A change and a deletion reach the index the same way.
    await admin.call(updateProduct, { params: { productId: created.id }, body: { name: 'Renamed Quietly' } });
    await poll(
      () => search({ q: 'renamed quietly' }),
      (r) => r.products.some((p) => p.id === created.id),
      30_000,
    );
    await admin.call(deleteProduct, { params: { productId: created.id } });
    const after = await poll(
      () => search({ brand }),
      (r) => r.total === 0,
      30_000,
    );
    expect(after.total).toBe(0);
  }, 120_000);

  it('lists upcoming releases soonest first from today, with the brand filter (contains, any case)', async () => {
    const brand = `Rel${randomUUID().slice(0, 6)}`;
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const make = (releaseDate: string | null, suffix: string) =>
      admin.call(createProduct, { body: product({ brand: `${brand} ${suffix}`, releaseDate }) });
    const later = await make(day(20), 'Running');
    const soon = await make(day(2), 'Lifestyle');
    await make(day(-3), 'Past');
    await make(null, 'Undated');
    const todays = await make(day(0), 'Today');

    const { products } = await store.call(listReleases, {
      query: { brand: brand.toUpperCase(), limit: 100 },
    });
    expect(products.map((p) => p.id)).toEqual([todays.product.id, soon.product.id, later.product.id]);
    // Page by page (a filtered page reads on until it is full; its cursor is the last answer).
    const paged: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await store.call(listReleases, { query: { brand, limit: 1, cursor } });
      paged.push(...page.products.map((p) => p.id));
      cursor = page.cursor ?? undefined;
    } while (cursor && paged.length < 10);
    expect(paged).toEqual([todays.product.id, soon.product.id, later.product.id]);
    const lifestyle = await store.call(listReleases, { query: { brand: `${brand} life` } });
    expect(lifestyle.products.map((p) => p.id)).toEqual([soon.product.id]);
    const fromPast = await store.call(listReleases, { query: { brand, from: day(-5), limit: 100 } });
    expect(fromPast.products).toHaveLength(4);
    const error = await rejection(store.call(listReleases, { query: { cursor: 'not-a-cursor' } }));
    expect([error.status, error.code]).toEqual([400, 'VALIDATION_FAILED']);
  });
});

const signedIn = (userId: string): Actor => ({ kind: 'user', userId, isSuperuser: false, isDemo: false });
void signedIn;
