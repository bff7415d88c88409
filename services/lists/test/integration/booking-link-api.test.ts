import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createBooking, createClient } from '@sneakers/shared/contracts/crm';
import { createItem, deleteItem, getMyItem, listMyItems } from '@sneakers/shared/contracts/lists';
import { raw, rejection } from '../../../../tests/support/cloud-client';
import { owner, wtb } from './support';

/** A store with one client and one booking (what the booking dialog's Create WTB links to). */
async function storeWithBooking() {
  const store = await owner();
  const { client } = await store.client.call(createClient, {
    body: { name: 'Ana', email: `ana-${randomUUID()}@example.com`, phone: '+34 611' },
  });
  const { booking } = await store.client.call(createBooking, {
    body: {
      clientId: client.id,
      itemSku: 'DD1391-100',
      itemName: 'Dunk Low Panda',
      size: '42',
      salePrice: 15000,
    },
    idempotencyKey: `key-${randomUUID()}`,
  });
  return { ...store, bookingId: booking.id };
}

describe('an item linked to a booking', () => {
  it('refuses another store’s booking id, or an unknown one, and stores nothing', async () => {
    const a = await storeWithBooking();
    const b = await owner();
    // Its own id, one that differs in the last character, a prefix of it, and another casing.
    const forged = [
      a.bookingId,
      `${a.bookingId.slice(0, -1)}X`,
      a.bookingId.slice(0, -1),
      a.bookingId.toLowerCase(),
    ];
    for (const bookingId of [...forged, 'no-such-booking']) {
      const error = await rejection(b.client.call(createItem, { body: wtb({ bookingId }) }));
      expect([error.status, error.code, error.message]).toEqual([
        404,
        'BOOKING_NOT_FOUND',
        'Booking not found.',
      ]);
    }
    expect((await b.client.call(listMyItems, { query: { listType: 'wtb' } })).items).toEqual([]);
  });

  it('links the caller’s own booking', async () => {
    const a = await storeWithBooking();
    const { item } = await a.client.call(createItem, { body: wtb({ bookingId: a.bookingId }) });
    expect(item.bookingId).toBe(a.bookingId);
    // A link is made when the item is created; an update cannot re-point it.
    const res = await raw(`/api/items/${item.id}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${a.token}` },
      body: JSON.stringify({ bookingId: 'another' }),
    });
    expect(res.status).toBe(400);
    expect((await a.client.call(getMyItem, { params: { itemId: item.id } })).item.bookingId).toBe(
      a.bookingId,
    );
  });

  it('makes one item per booking: a second create answers 200 with the first item', async () => {
    const a = await storeWithBooking();
    const post = (body: unknown) =>
      raw('/api/items', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${a.token}` },
        body: JSON.stringify(body),
      });
    const first = await post(wtb({ bookingId: a.bookingId }));
    expect(first.status).toBe(201);
    const created = (await first.json()) as { item: { id: string }; created: boolean };
    expect(created.created).toBe(true);
    const second = await post(wtb({ bookingId: a.bookingId, targetPrice: 99 }));
    expect(second.status).toBe(200);
    expect(await second.json()).toEqual({ item: created.item, created: false });
    const listed = await a.client.call(listMyItems, { query: { listType: 'wtb' } });
    expect(listed.items.map((i) => i.id)).toEqual([created.item.id]);
  });

  it('makes one item when concurrent creates for a booking race, and all answer it', async () => {
    const a = await storeWithBooking();
    const results = await Promise.all(
      Array.from({ length: 4 }, () => a.client.call(createItem, { body: wtb({ bookingId: a.bookingId }) })),
    );
    expect(results.map((r) => r.created).sort()).toEqual([false, false, false, true]);
    for (const r of results) expect(r.item).toEqual(results[0]?.item);
    const listed = await a.client.call(listMyItems, { query: { listType: 'wtb' } });
    expect(listed.items.map((i) => i.id)).toEqual([results[0]?.item.id]);
  });

  it('frees the booking when its item is deleted', async () => {
    const a = await storeWithBooking();
    const first = await a.client.call(createItem, { body: wtb({ bookingId: a.bookingId }) });
    await a.client.call(deleteItem, { params: { itemId: first.item.id } });
    const again = await a.client.call(createItem, { body: wtb({ bookingId: a.bookingId }) });
    expect(again.created).toBe(true);
    expect(again.item.id).not.toBe(first.item.id);
    // Another store's booking id still answers 404, even once an item was made from it.
    const b = await owner();
    expect((await rejection(b.client.call(createItem, { body: wtb({ bookingId: a.bookingId }) }))).code).toBe(
      'BOOKING_NOT_FOUND',
    );
  });

  it('creates an item without a booking as before', async () => {
    const b = await owner();
    const { item } = await b.client.call(createItem, { body: wtb() });
    expect(item.bookingId).toBeNull();
  });
});
