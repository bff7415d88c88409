import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createBooking, createClient, updateBooking } from '@sneakers/shared/contracts/crm';
import { mailTo, poll } from '../../../../tests/support/cloud-client';
import { key, storeUser } from './support';

/**
 * Issue 11: the booking form's "email the client" switch, end to end through the outbox,
 * the bus, the notifications consumer and the SES emulator.
 */

const store = () =>
  storeUser('Kicks London', { location: 'London', instagramHandle: undefined, preferredContact: 'email' });

describe('booking emails follow the store choice for each save', () => {
  it('switched off: no confirmation and no update email; on (or absent): one each', async () => {
    const shop = await store();
    const quiet = `quiet-${randomUUID()}@example.com`;
    const loud = `loud-${randomUUID()}@example.com`;
    const { client: q } = await shop.call(createClient, { body: { name: 'Q', email: quiet, phone: '1' } });
    const { client: l } = await shop.call(createClient, { body: { name: 'L', email: loud, phone: '2' } });
    const body = (clientId: string, itemName: string) => ({
      clientId,
      itemSku: 'DD1391-100',
      itemName,
      size: '42',
      salePrice: 15000,
    });

    const { booking: silent } = await shop.call(createBooking, {
      body: { ...body(q.id, 'Quiet Dunk'), notifyClient: false },
      idempotencyKey: key(),
    });
    await shop.call(updateBooking, {
      params: { bookingId: silent.id },
      body: { status: 'found', notifyClient: false },
    });
    const { booking: told } = await shop.call(createBooking, {
      body: body(l.id, 'Loud Dunk'),
      idempotencyKey: key(),
    });
    await shop.call(updateBooking, {
      params: { bookingId: told.id },
      body: { status: 'found', notifyClient: true },
    });

    const mails = await poll(
      () => mailTo(loud),
      (m) => m.length >= 2,
    );
    expect(mails.map((m) => m.subject).sort()).toEqual([
      'Booking confirmed: Loud Dunk',
      'Booking updated: Loud Dunk',
    ]);
    // The quiet events went out before the loud ones; give any stray delivery time to land.
    await new Promise((r) => setTimeout(r, 1500));
    expect(await mailTo(quiet)).toHaveLength(0);

    // The switch is for one save: the next change emails again.
    await shop.call(updateBooking, { params: { bookingId: silent.id }, body: { status: 'completed' } });
    const later = await poll(
      () => mailTo(quiet),
      (m) => m.length >= 1,
    );
    expect(later.map((m) => m.subject)).toEqual(['Booking updated: Quiet Dunk']);
  });

  it('notifyClient alone is nothing to update (400)', async () => {
    const shop = await store();
    const { client } = await shop.call(createClient, {
      body: { name: 'N', email: `n-${randomUUID()}@example.com`, phone: '1' },
    });
    const { booking } = await shop.call(createBooking, {
      body: { clientId: client.id, itemSku: 'X-1', itemName: 'X', size: '42', salePrice: 100 },
      idempotencyKey: key(),
    });
    const refused = await shop
      .call(updateBooking, { params: { bookingId: booking.id }, body: { notifyClient: false } })
      .then(
        () => null,
        (e: unknown) => e as { status: number; code: string },
      );
    expect(refused && [refused.status, refused.code]).toEqual([400, 'VALIDATION_FAILED']);
  });
});
