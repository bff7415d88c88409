import { describe, expect, it } from 'vitest';
import { findByGtin } from '@sneakers/shared/contracts/catalog';
import { createItem } from '@sneakers/shared/contracts/lists';
import { createSale } from '@sneakers/shared/contracts/sales';
import { getCounterStock } from '@sneakers/shared/contracts/store-mode';
import { rejection } from '../../../../tests/support/cloud-client';
import { key, productWithBarcodes, signedInUser } from './support';

/**
 * Store mode's counter through the local gateway (docs/product/store-mode.md): a scanned box
 * is found by its barcode, the counter's stock carries each size's barcode, and a sale from
 * the counter is the commerce sale, once per key, never twice for one pair.
 */
describe('the counter', () => {
  it('finds a box by its UPC, knows the barcode of each stocked size, and sells the pair once', async () => {
    const { product, upc42, upc43 } = await productWithBarcodes();
    const store = await signedInUser();
    const other = await signedInUser();

    // A UPC-A scanned from the box finds the catalogue size (stored as GTIN-14).
    const found = await store.call(findByGtin, { params: { gtin: upc42 } });
    expect([found.product.id, found.variant.label, found.variant.gtin]).toEqual([
      product.id,
      'EU 42',
      `00${upc42}`,
    ]);
    const unknown = await rejection(store.call(findByGtin, { params: { gtin: '00000000000017' } }));
    expect([unknown.status, unknown.code]).toEqual([404, 'GTIN_NOT_FOUND']);
    const bad = await rejection(store.call(findByGtin, { params: { gtin: 'DD1391-100' } }));
    expect(bad.status).toBe(400);

    const { item } = await store.call(createItem, {
      body: {
        listType: 'inventory',
        sku: product.sku,
        name: product.name,
        brand: 'Jordan',
        sizes: ['42', 'EU 43', '44'],
        productCatalogId: product.id,
        askingPrice: 25_000,
        purchasePrice: 15_000,
        currency: 'EUR',
      },
    });
    const { item: unlinked } = await store.call(createItem, {
      body: { listType: 'inventory', sku: 'HQ1234-001', name: 'Samba OG', brand: 'adidas', sizes: ['40'] },
    });
    const { item: wanted } = await store.call(createItem, {
      body: { listType: 'wtb', sku: product.sku, name: product.name, sizes: ['42'] },
    });

    const { items } = await store.call(getCounterStock, { query: {} });
    const ids = items.map((i) => i.id);
    expect(ids).toEqual(expect.arrayContaining([item.id, unlinked.id]));
    expect(ids).not.toContain(wanted.id);
    expect(items.find((i) => i.id === item.id)).toMatchObject({
      askingPrice: 25_000,
      codes: [
        { gtin: `00${upc42}`, size: '42' },
        { gtin: `00${upc43}`, size: 'EU 43' },
      ],
    });
    expect(items.find((i) => i.id === unlinked.id)?.codes).toEqual([]);
    // Another store's counter never holds it.
    expect((await other.call(getCounterStock, { query: {} })).items).toEqual([]);

    // Two devices sell the scanned pair: one sale, and the other is told it is gone.
    const body = {
      source: 'inventory' as const,
      itemId: item.id,
      size: '42',
      salePrice: 24_000,
      buyerName: 'Walk-in customer',
      paymentMethod: 'cash' as const,
    };
    const firstKey = key();
    const { sale } = await store.call(createSale, { body, idempotencyKey: firstKey });
    expect(sale).toMatchObject({ paymentMethod: 'cash', salePrice: 24_000, profit: 9_000 });
    const replay = await store.call(createSale, { body, idempotencyKey: firstKey });
    expect(replay.sale.id).toBe(sale.id);
    const second = await rejection(store.call(createSale, { body, idempotencyKey: key() }));
    expect([second.status, second.code]).toEqual([409, 'ITEM_NOT_AVAILABLE']);

    const after = await store.call(getCounterStock, { query: {} });
    expect(after.items.find((i) => i.id === item.id)?.codes).toEqual([{ gtin: `00${upc43}`, size: 'EU 43' }]);
  });
});
