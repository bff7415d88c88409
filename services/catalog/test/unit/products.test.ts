import { describe, expect, it } from 'vitest';
import { ANONYMOUS, type Actor } from '@sneakers/shared/actor';
import type { ProductInput, VariantInput } from '@sneakers/shared/contracts/catalog';
import {
  createProduct,
  deleteProduct,
  getProductWithVariants,
  listReleases,
  replaceVariants,
  updateProduct,
  upsertProducts,
} from '../../src/products/domain';
import type { ProductWrite } from '../../src/products/ports';
import { groupWrites, TRANSACTION_MAX_ITEMS, transactionItemCount } from '../../src/products/write-groups';
import { searchProducts } from '../../src/search/domain';
import { memoryDeps } from './memory';

const user = (userId: string, extra: Partial<Extract<Actor, { kind: 'user' }>> = {}): Actor => ({
  kind: 'user',
  userId,
  isSuperuser: false,
  isDemo: false,
  ...extra,
});
const ADMIN = user('admin', { isSuperuser: true });
const STORE = user('store');
const DEMO = user('demo-1', { isDemo: true });

const dunk = (over: Partial<ProductInput> = {}): ProductInput => ({
  sku: 'DD1391-100',
  name: 'Nike Dunk Low Retro White Black Panda',
  brand: 'Nike',
  releaseDate: '2021-01-14',
  retailPrice: 11_000,
  colorway: 'White/Black',
  ...over,
});
const sizes = (...labels: string[]): VariantInput[] =>
  labels.map((label) => ({ label, size: { eu: label.replace(/^EU /, '') } }));

async function code(promise: Promise<unknown>) {
  const error = (await promise.then(
    () => null,
    (e: unknown) => e,
  )) as { status?: number; code?: string } | null;
  return error && [error.status, error.code];
}

describe('upsertProducts', () => {
  it('creates by SKU, and the same SKU in another format updates the same product', async () => {
    const { deps, products, clock } = memoryDeps();
    const first = await upsertProducts(deps, [dunk()]);
    expect(first).toMatchObject({ created: 1, updated: 0 });
    clock.advance(60_000);
    const again = await upsertProducts(deps, [{ sku: 'dd1391 100', name: 'Dunk Low Panda', brand: 'Nike' }]);
    expect(again).toEqual({ created: 0, updated: 1, productIds: first.productIds });
    expect(products.size).toBe(1);
    const { product } = await getProductWithVariants(deps, first.productIds[0] ?? '');
    // Given fields replace, absent ones stay; the SKU keeps the format it was first saved in.
    expect(product).toMatchObject({
      sku: 'DD1391-100',
      name: 'Dunk Low Panda',
      retailPrice: 11_000,
      releaseDate: '2021-01-14',
      createdAt: '2026-11-22T10:00:00.000Z',
      updatedAt: '2026-11-22T10:01:00.000Z',
    });
  });

  it('writes nothing (and emits no event) when nothing changed', async () => {
    const { deps, events } = memoryDeps();
    await upsertProducts(deps, [dunk({ variants: sizes('EU 42', 'EU 43') })]);
    expect(events).toHaveLength(1);
    expect(await upsertProducts(deps, [dunk({ variants: sizes('EU 43', 'EU 42') })])).toMatchObject({
      created: 0,
      updated: 1,
    });
    expect(events).toHaveLength(1);
  });

  it('makes one product of parallel saves of one SKU in different formats', async () => {
    const { deps, products, skus } = memoryDeps();
    const formats = ['DD1391-100', 'dd1391 100', 'DD1391100', 'dd1391-100', 'Dd1391 100'];
    const results = await Promise.all(formats.map((sku) => upsertProducts(deps, [dunk({ sku })])));
    expect(products.size).toBe(1);
    expect(skus.size).toBe(1);
    expect(results.reduce((n, r) => n + r.created, 0)).toBe(1);
    expect(new Set(results.flatMap((r) => r.productIds)).size).toBe(1);
  });

  it('writes the outbox event with the products of each transaction', async () => {
    const { deps, events } = memoryDeps();
    const { productIds } = await upsertProducts(deps, [
      dunk(),
      dunk({ sku: 'FV5029-010', name: 'Jordan 4' }),
    ]);
    expect(events.map((e) => e.detail.data)).toEqual([{ upserted: productIds, removed: [] }]);
    expect(events[0]?.detailType).toBe('Catalog.ProductsChanged');
  });

  it('keeps every transaction within 100 items for 50 products with many variants', async () => {
    const { deps, products, variants } = memoryDeps();
    const labels = Array.from({ length: 30 }, (_, i) => `EU ${36 + i / 2}`);
    const inputs = Array.from({ length: 50 }, (_, i) =>
      dunk({ sku: `AB${String(1000 + i)}-001`, variants: sizes(...labels) }),
    );
    expect(await upsertProducts(deps, inputs)).toMatchObject({ created: 50 });
    expect(products.size).toBe(50);
    expect([...variants.values()].every((v) => v.size === 30)).toBe(true);
  });

  it('refuses invalid input with field errors', async () => {
    const { deps } = memoryDeps();
    expect(await code(upsertProducts(deps, [dunk({ name: ' ' })]))).toEqual([400, 'VALIDATION_FAILED']);
    expect(await code(upsertProducts(deps, [dunk({ sku: '--' })]))).toEqual([400, 'VALIDATION_FAILED']);
  });
});

describe('variants', () => {
  it('replaces variants keeping the ids of the same sizes, and answers them sorted by size', async () => {
    const { deps, clock } = memoryDeps();
    const { productIds } = await upsertProducts(deps, [dunk({ variants: sizes('EU 44', 'EU 42', 'EU 43') })]);
    const productId = productIds[0] ?? '';
    const before = await getProductWithVariants(deps, productId);
    expect(before.variants.map((v) => v.label)).toEqual(['EU 42', 'EU 43', 'EU 44']);
    const id42 = before.variants[0]?.id;
    clock.advance(1000);

    const result = await replaceVariants(deps, productId, [
      { label: 'eu 42', size: { eu: '42' }, retailPrice: 12_000 },
      ...sizes('EU 44', 'EU 45', 'EU 40.5'),
    ]);
    expect(result).toMatchObject({ added: 2, updated: 1, removed: 1 });
    expect(result.variants.map((v) => v.label)).toEqual(['EU 40.5', 'eu 42', 'EU 44', 'EU 45']);
    expect(result.variants[1]?.id).toBe(id42);
    const after = await getProductWithVariants(deps, productId);
    expect(after.variants).toEqual(result.variants);
    expect(after.product.updatedAt).not.toBe(before.product.updatedAt);
  });

  it('sorts US and thirds labels by number', async () => {
    const { deps } = memoryDeps();
    const { productIds } = await upsertProducts(deps, [
      dunk({ variants: sizes('US M 10', 'US M 9.5', 'US M 4', 'US M 13') }),
    ]);
    const { variants } = await getProductWithVariants(deps, productIds[0] ?? '');
    expect(variants.map((v) => v.label)).toEqual(['US M 4', 'US M 9.5', 'US M 10', 'US M 13']);
  });

  it('answers 404 PRODUCT_NOT_FOUND for an unknown product', async () => {
    const { deps } = memoryDeps();
    expect(await code(getProductWithVariants(deps, 'nope'))).toEqual([404, 'PRODUCT_NOT_FOUND']);
    expect(await code(replaceVariants(deps, 'nope', sizes('EU 42')))).toEqual([404, 'PRODUCT_NOT_FOUND']);
  });
});

describe('groupWrites', () => {
  const write = (id: string, puts: number, deletes: number, claim = true): ProductWrite => ({
    product: { id } as ProductWrite['product'],
    expectedUpdatedAt: claim ? null : 'x',
    claimSkuKey: claim ? `SKU${id}` : null,
    releaseSkuKey: null,
    putVariants: Array.from(
      { length: puts },
      (_, i) => ({ id: `${id}-v${i}` }) as ProductWrite['putVariants'][0],
    ),
    deleteVariantIds: Array.from({ length: deletes }, (_, i) => `${id}-d${i}`),
  });

  it('packs writes into transactions of at most 100 items with their event', () => {
    const { groups, overflow } = groupWrites([write('a', 40, 0), write('b', 40, 0), write('c', 40, 0)]);
    expect(groups.map((g) => g.map((w) => w.product.id))).toEqual([['a', 'b'], ['c']]);
    expect(overflow.size).toBe(0);
    for (const g of groups)
      expect(g.reduce((n, w) => n + transactionItemCount(w), 1)).toBeLessThanOrEqual(100);
  });

  it('moves the variant changes that cannot fit to the overflow', () => {
    const { groups, overflow } = groupWrites([write('a', 80, 80, false)]);
    const [only] = groups.flat();
    expect(only && transactionItemCount(only) + 1).toBe(TRANSACTION_MAX_ITEMS);
    const rest = overflow.get('a');
    expect((only?.putVariants.length ?? 0) + (rest?.put.length ?? 0)).toBe(80);
    expect((only?.deleteVariantIds.length ?? 0) + (rest?.deleteIds.length ?? 0)).toBe(80);
  });
});

describe('superuser writes', () => {
  it('lets only superusers write: 403 DEMO_MODE for the demo first, SUPERUSER_REQUIRED for a store', async () => {
    const { deps, products } = memoryDeps();
    expect(await code(createProduct(deps, DEMO, dunk()))).toEqual([403, 'DEMO_MODE']);
    expect(await code(createProduct(deps, STORE, dunk()))).toEqual([403, 'SUPERUSER_REQUIRED']);
    expect(await code(createProduct(deps, ANONYMOUS, dunk()))).toEqual([401, 'UNAUTHENTICATED']);
    expect(products.size).toBe(0);
    const created = await createProduct(deps, ADMIN, dunk({ variants: sizes('EU 43', 'EU 42') }));
    expect(created.created).toBe(true);
    expect(created.variants.map((v) => v.label)).toEqual(['EU 42', 'EU 43']);
    expect((await createProduct(deps, ADMIN, dunk({ sku: 'dd1391100' }))).created).toBe(false);
    expect(await code(updateProduct(deps, STORE, created.product.id, { name: 'x' }))).toEqual([
      403,
      'SUPERUSER_REQUIRED',
    ]);
    expect(await code(deleteProduct(deps, DEMO, created.product.id))).toEqual([403, 'DEMO_MODE']);
  });

  it("updates a product, refusing another product's SKU in any format (409 SKU_TAKEN)", async () => {
    const { deps, skus } = memoryDeps();
    const a = await createProduct(deps, ADMIN, dunk());
    const b = await createProduct(deps, ADMIN, dunk({ sku: 'FV5029-010', name: 'Jordan 4 Black Cat' }));
    expect(await code(updateProduct(deps, ADMIN, b.product.id, { sku: 'dd1391 100' }))).toEqual([
      409,
      'SKU_TAKEN',
    ]);
    const moved = await updateProduct(deps, ADMIN, b.product.id, { sku: 'FV5029-011', releaseDate: null });
    expect(moved).toMatchObject({ sku: 'FV5029-011', releaseDate: null, name: 'Jordan 4 Black Cat' });
    expect(skus.get('FV5029011')).toBe(b.product.id);
    expect(skus.has('FV5029010')).toBe(false);
    // The freed SKU is free: a new product may take it.
    expect((await createProduct(deps, ADMIN, dunk({ sku: 'FV5029-010' }))).created).toBe(true);
    expect(await code(updateProduct(deps, ADMIN, 'nope', { name: 'x' }))).toEqual([404, 'PRODUCT_NOT_FOUND']);
    expect(skus.get('DD1391100')).toBe(a.product.id);
  });

  it('deletes a product with its variants and SKU, and says so in the event', async () => {
    const { deps, products, variants, skus, events } = memoryDeps();
    const { product } = await createProduct(deps, ADMIN, dunk({ variants: sizes('EU 42') }));
    await deleteProduct(deps, ADMIN, product.id);
    expect([products.size, variants.get(product.id)?.size ?? 0, skus.size]).toEqual([0, 0, 0]);
    expect(events.at(-1)?.detail.data).toEqual({ upserted: [], removed: [product.id] });
    expect(await code(deleteProduct(deps, ADMIN, product.id))).toEqual([404, 'PRODUCT_NOT_FOUND']);
  });
});

describe('reads', () => {
  it('searches signed-in users only, newest release first, latest update first for superusers, pages of 24', async () => {
    const { deps, clock, deliver } = memoryDeps();
    const inputs = Array.from({ length: 30 }, (_, i) =>
      dunk({
        sku: `CW${String(1000 + i)}-100`,
        name: `Dunk ${i}`,
        releaseDate: `2020-01-${String(i + 1).padStart(2, '0')}`,
      }),
    );
    await upsertProducts(deps, inputs);
    clock.advance(1000);
    await upsertProducts(deps, [{ ...inputs[0], name: 'Dunk zero, edited' } as ProductInput]);
    await deliver();

    const first = await searchProducts(deps, STORE, {});
    expect(first).toMatchObject({ total: 30, page: 1, pageSize: 24 });
    expect(first.products).toHaveLength(24);
    expect(first.products[0]?.releaseDate).toBe('2020-01-30');
    expect((await searchProducts(deps, STORE, { page: 2 })).products).toHaveLength(6);
    expect((await searchProducts(deps, ADMIN, {})).products[0]?.name).toBe('Dunk zero, edited');
    expect((await searchProducts(deps, STORE, { q: 'cw1029 100' })).products.map((p) => p.sku)).toEqual([
      'CW1029-100',
    ]);
    expect(await code(searchProducts(deps, ANONYMOUS, {}))).toEqual([401, 'UNAUTHENTICATED']);
  });

  it('lists upcoming releases from today (the clock), soonest first, with a brand filter', async () => {
    const { deps } = memoryDeps('2026-11-22T23:30:00Z');
    await upsertProducts(deps, [
      dunk({ sku: 'AA0001', brand: 'Nike', releaseDate: '2026-11-21' }),
      dunk({ sku: 'AA0002', brand: 'adidas', releaseDate: '2026-12-05' }),
      dunk({ sku: 'AA0003', brand: 'Nike', releaseDate: '2026-11-22' }),
      dunk({ sku: 'AA0004', brand: 'New Balance', releaseDate: '2026-11-30' }),
      dunk({ sku: 'AA0005', brand: 'Nike', releaseDate: null }),
    ]);
    const skusOf = (page: { items: { sku: string }[] }) => page.items.map((p) => p.sku);
    expect(skusOf(await listReleases(deps, STORE, {}))).toEqual(['AA0003', 'AA0004', 'AA0002']);
    expect(skusOf(await listReleases(deps, STORE, { brand: 'ADI' }))).toEqual(['AA0002']);
    expect(skusOf(await listReleases(deps, STORE, { from: '2026-11-01', brand: 'nike' }))).toEqual([
      'AA0001',
      'AA0003',
    ]);
    expect(await code(listReleases(deps, ANONYMOUS, {}))).toEqual([401, 'UNAUTHENTICATED']);
  });
});
