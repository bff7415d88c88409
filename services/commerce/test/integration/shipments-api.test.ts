import { describe, expect, it } from 'vitest';
import { getPayment, listProviderBalances, createPayment } from '@sneakers/shared/contracts/payments';
import {
  associateShipment,
  createShipment,
  deleteShipment,
  getShipment,
  listShipments,
  updateShipment,
} from '@sneakers/shared/contracts/shipments';
import { rejection } from '../../../../tests/support/cloud-client';
import { key, signedIn } from './support';

describe('shipments through the local gateway', () => {
  it('creates, checks the number, lists unassociated, edits the dates and deletes', async () => {
    const a = await signedIn();
    const created = await a.call(createShipment, {
      body: { courier: 'ups', trackingNumber: '1z5r 8939 0357 5671 27' },
      idempotencyKey: key(),
    });
    expect(created.shipment).toMatchObject({
      trackingNumber: '1Z5R89390357567127',
      status: 'created',
      trackingUrl: 'https://www.ups.com/track?tracknum=1Z5R89390357567127',
      link: null,
    });
    const id = created.shipment.id;

    const wrong = await rejection(
      a.call(createShipment, {
        body: { courier: 'ups', trackingNumber: '1Z5R89390357567128' },
        idempotencyKey: key(),
      }),
    );
    expect([wrong.status, wrong.code, wrong.fields]).toEqual([
      400,
      'INVALID_TRACKING_NUMBER',
      { trackingNumber: ["This doesn't look like a UPS tracking number"] },
    ]);

    expect(
      (await a.call(listShipments, { query: { unassociated: 'true' } })).shipments.map((s) => s.id),
    ).toEqual([id]);

    const shipped = await a.call(updateShipment, {
      params: { shipmentId: id },
      body: { shippedDate: '2026-11-20' },
    });
    expect(shipped.shipment.status).toBe('shipped');
    const early = await rejection(
      a.call(updateShipment, { params: { shipmentId: id }, body: { deliveredDate: '2026-11-19' } }),
    );
    expect([early.status, Object.keys(early.fields ?? {})]).toEqual([400, ['deliveredDate']]);
    const delivered = await a.call(updateShipment, {
      params: { shipmentId: id },
      body: { deliveredDate: '2026-11-22' },
    });
    expect(delivered.shipment.status).toBe('delivered');

    await a.call(deleteShipment, { params: { shipmentId: id } });
    expect((await rejection(a.call(getShipment, { params: { shipmentId: id } }))).status).toBe(404);
  });

  it('associates once, only with one of the store’s records, and keeps another store out', async () => {
    const a = await signedIn();
    const b = await signedIn();
    const { shipment } = await a.call(createShipment, {
      body: { courier: 'seur', trackingNumber: '06123456789012' },
      idempotencyKey: key(),
    });
    const missing = await rejection(
      a.call(associateShipment, {
        params: { shipmentId: shipment.id },
        body: { kind: 'sale', id: 'no-such-sale' },
      }),
    );
    expect([missing.status, missing.code]).toEqual([404, 'LINK_TARGET_NOT_FOUND']);

    // Another store sees nothing of it and cannot change it.
    expect((await rejection(b.call(getShipment, { params: { shipmentId: shipment.id } }))).status).toBe(404);
    expect(
      (await rejection(b.call(updateShipment, { params: { shipmentId: shipment.id }, body: { notes: 'x' } })))
        .status,
    ).toBe(404);
    expect((await b.call(listShipments)).shipments).toEqual([]);
  });

  it('replays a retried create with the same key', async () => {
    const a = await signedIn();
    const idempotencyKey = key();
    const body = { courier: 'dhl' as const, trackingNumber: '3318810025' };
    const first = await a.call(createShipment, { body, idempotencyKey });
    const again = await a.call(createShipment, { body, idempotencyKey });
    expect(again.shipment).toEqual(first.shipment);
    expect((await a.call(listShipments)).shipments).toHaveLength(1);
  });
});

describe('payments through the local gateway', () => {
  it('answers 404 for another store’s provider and payment, and no balances for a new store', async () => {
    const a = await signedIn();
    const unknown = await rejection(
      a.call(createPayment, {
        body: { providerId: 'no-such-provider', consignmentIds: ['c1'], paymentMethod: 'cash' },
        idempotencyKey: key(),
      }),
    );
    expect([unknown.status, unknown.code]).toEqual([404, 'PROVIDER_NOT_FOUND']);
    expect((await rejection(a.call(getPayment, { params: { paymentId: 'nope' } }))).status).toBe(404);
    expect((await a.call(listProviderBalances)).balances).toEqual([]);
  });
});
