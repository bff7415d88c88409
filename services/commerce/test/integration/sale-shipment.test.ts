import { describe, expect, it } from 'vitest';
import { createItem } from '@sneakers/shared/contracts/lists';
import { createSale, updateSale } from '@sneakers/shared/contracts/sales';
import { createShipment, listShipments } from '@sneakers/shared/contracts/shipments';
import { poll, rejection } from '../../../../tests/support/cloud-client';
import { key, storeUser, type Store } from './support';

/**
 * Issue 25 item 4: a sale's carrier and tracking number meet the courier rule Add shipment
 * applies, and become the sale's shipment (created, or an existing one linked) through the
 * `ship-recorded-sale` consumer.
 */
async function pair(store: Store, sizes = ['42', '43', '44']) {
  // The defaults of a new inventory pair (docs/product/lists-and-public-lists.md#item-status).
  const { item } = await store.call(createItem, {
    body: { listType: 'inventory', sku: 'IE3437', name: 'Samba OG', sizes },
  });
  return item;
}

const sell = (store: Store, itemId: string, size: string, shipping: object) =>
  store.call(createSale, {
    body: { source: 'inventory', itemId, size, salePrice: 12000, buyerName: 'Walk-in', ...shipping },
    idempotencyKey: key(),
  });

const saleShipments = (store: Store, saleId: string) =>
  store.call(listShipments, { query: { linkKind: 'sale', linkId: saleId } }).then((r) => r.shipments);

describe("a sale's shipment", () => {
  it("refuses a tracking number that does not fit the carrier's format, in Add shipment's words", async () => {
    const shop = await storeUser('Sale Tracking');
    const item = await pair(shop);
    const bad = await rejection(
      sell(shop, item.id, '42', { shippingCarrier: 'DHL', trackingNumber: 'zzz!!!???💥' }),
    );
    expect([bad.status, bad.code, bad.fields]).toEqual([
      400,
      'INVALID_TRACKING_NUMBER',
      { trackingNumber: ["This doesn't look like a DHL tracking number"] },
    ]);
    // The same words as Add shipment for the same courier and number.
    const viaShipment = await rejection(
      shop.call(createShipment, {
        body: { courier: 'dhl', trackingNumber: 'zzz!!!???💥' },
        idempotencyKey: key(),
      }),
    );
    expect(viaShipment.fields).toEqual(bad.fields);

    // An edit of the sale meets the same rule, the stored carrier with a new number.
    const { sale } = await sell(shop, item.id, '43', {
      shippingCarrier: 'DHL',
      trackingNumber: '3318810025',
    });
    const badEdit = await rejection(
      shop.call(updateSale, { params: { saleId: sale.id }, body: { trackingNumber: '3318810010' } }),
    );
    expect([badEdit.status, badEdit.code]).toEqual([400, 'INVALID_TRACKING_NUMBER']);
  });

  it('creates the shipment of a sale, linked to the sale, once', async () => {
    const shop = await storeUser('Sale Ships');
    const item = await pair(shop);
    const { sale } = await sell(shop, item.id, '42', {
      shippingCarrier: 'dhl',
      trackingNumber: '3318 8100 25',
    });
    const shipments = await poll(
      () => saleShipments(shop, sale.id),
      (s) => s.length > 0,
    );
    expect(shipments).toEqual([
      expect.objectContaining({
        courier: 'dhl',
        trackingNumber: '3318810025',
        link: { kind: 'sale', id: sale.id },
        linkLabel: 'Samba OG · 42 · Walk-in',
        status: 'created',
      }),
    ]);
    expect((await shop.call(listShipments, { query: {} })).shipments).toHaveLength(1);
  });

  it('links the existing unassociated shipment with the same courier and number instead of making another', async () => {
    const shop = await storeUser('Sale Links');
    const item = await pair(shop);
    const { shipment } = await shop.call(createShipment, {
      body: { courier: 'ups', trackingNumber: '1Z5R89390357567127', shippedDate: '2026-11-20' },
      idempotencyKey: key(),
    });
    const { sale } = await sell(shop, item.id, '44', {
      shippingCarrier: 'UPS',
      trackingNumber: '1z5r89390357567127',
    });
    const linked = await poll(
      () => saleShipments(shop, sale.id),
      (s) => s.length > 0,
    );
    expect(linked.map((s) => [s.id, s.link, s.shippedDate])).toEqual([
      [shipment.id, { kind: 'sale', id: sale.id }, '2026-11-20'],
    ]);
    expect((await shop.call(listShipments, { query: {} })).shipments).toHaveLength(1);
  });

  it('makes no shipment for a carrier without a number', async () => {
    const shop = await storeUser('Sale No Ship');
    const item = await pair(shop);
    await sell(shop, item.id, '42', { shippingCarrier: 'DHL' });
    // Another sale's shipment shows the consumer ran; the first one still has none.
    const { sale: shipped } = await sell(shop, item.id, '43', {
      shippingCarrier: 'DHL',
      trackingNumber: '3318810025',
    });
    await poll(
      () => saleShipments(shop, shipped.id),
      (s) => s.length > 0,
    );
    expect((await shop.call(listShipments, { query: {} })).shipments.map((s) => s.link?.id)).toEqual([
      shipped.id,
    ]);
  });
});
