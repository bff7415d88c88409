import { describe, expect, it } from 'vitest';
import {
  ANONYMOUS_OFFERS_PER_HOUR,
  createAnonymousOffer,
  createOffers,
  listAnonymousOffers,
  listOffers,
  respondToOffer,
} from '@sneakers/shared/contracts/offers';
import { listNotifications, markNotificationRead } from '@sneakers/shared/contracts/notifications';
import { api, poll, raw, rejection } from '../../../../tests/support/cloud-client';
import { key, mailsTo, trader } from './support';

describe('offers API', () => {
  it('signed-in offer: created once under parallel double submit, own list refused, counter → accept', async () => {
    const store = await trader('Store One', { items: 2, language: 'es' });
    const reseller = await trader('Reseller One');
    const body = {
      listOwnerId: store.userId,
      listType: 'wtb' as const,
      lines: [
        { itemId: store.items[0]!.id, size: '10', offeredPrice: 13000, quantity: 1 },
        { itemId: store.items[1]!.id, size: '9', offeredPrice: 11000, quantity: 2 },
      ],
    };

    const own = await rejection(store.client.call(createOffers, { body, idempotencyKey: key() }));
    expect([own.status, own.code]).toEqual([400, 'CANNOT_OFFER_OWN_LIST']);
    const noKey = await rejection(reseller.client.call(createOffers, { body }));
    expect([noKey.status, noKey.code]).toEqual([400, 'IDEMPOTENCY_KEY_REQUIRED']);
    const badSize = await rejection(
      reseller.client.call(createOffers, {
        body: { ...body, lines: [{ ...body.lines[0]!, size: '13' }] },
        idempotencyKey: key(),
      }),
    );
    expect([badSize.status, badSize.code]).toEqual([400, 'ITEM_NOT_OFFERABLE']);

    const idempotencyKey = key();
    const results = await Promise.all(
      [0, 1, 2].map(() => reseller.client.call(createOffers, { body, idempotencyKey })),
    );
    const ids = results[0]!.offers.map((o) => o.id);
    expect(ids).toHaveLength(2);
    for (const r of results) expect(r.offers.map((o) => o.id)).toEqual(ids);

    const received = await store.client.call(listOffers, { query: { box: 'received' } });
    expect(received.offers.map((o) => o.id).sort()).toEqual([...ids].sort());
    expect(received.offers[0]).toMatchObject({ status: 'pending', senderBusinessName: 'Reseller One' });
    const sent = await reseller.client.call(listOffers, { query: { box: 'sent' } });
    expect(sent.offers).toHaveLength(2);

    // One unified email in the owner's language, and one notification.
    const storeMail = await mailsTo(store.contactEmail, 1);
    expect(storeMail.map((m) => m.subject)).toEqual(['Nueva oferta por 2 artículos']);

    // A third user neither sees nor changes it.
    const stranger = await trader('Stranger');
    expect((await stranger.client.call(listOffers, { query: { box: 'received' } })).offers).toHaveLength(0);
    const hidden = await rejection(
      stranger.client.call(respondToOffer, { params: { offerId: ids[0]! }, body: { action: 'accept' } }),
    );
    expect([hidden.status, hidden.code]).toEqual([404, 'OFFER_NOT_FOUND']);

    // Counter by the store, accept by the reseller; each tells the other party.
    const countered = await store.client.call(respondToOffer, {
      params: { offerId: ids[0]! },
      body: { action: 'counter', price: 14000 },
    });
    expect(countered.offer).toMatchObject({ status: 'countered', counterPrice: 14000 });
    const wrong = await rejection(
      store.client.call(respondToOffer, { params: { offerId: ids[0]! }, body: { action: 'accept' } }),
    );
    expect([wrong.status, wrong.code]).toEqual([409, 'INVALID_TRANSITION']);
    const accepted = await reseller.client.call(respondToOffer, {
      params: { offerId: ids[0]! },
      body: { action: 'accept' },
    });
    expect(accepted.offer.status).toBe('accepted');

    const resellerMail = await mailsTo(reseller.contactEmail, 1);
    expect(resellerMail[0]!.subject).toBe('Offer countered: Dunk Low 0');
    expect(resellerMail[0]!.body.text).toContain('Store One countered with');
    const storeMails = await mailsTo(store.contactEmail, 2);
    expect(storeMails[1]!.subject).toBe('Oferta aceptada: Dunk Low 0');

    // In-app notifications: own only; mark-read of another user's id is 404.
    const inbox = await poll(
      () => reseller.client.call(listNotifications),
      (r) => r.notifications.length >= 1,
    );
    expect(inbox.unread).toBe(1);
    expect(inbox.notifications[0]).toMatchObject({ type: 'offer_updated', read: false });
    const notificationId = inbox.notifications[0]!.id;
    const foreign = await rejection(
      stranger.client.call(markNotificationRead, { params: { notificationId } }),
    );
    expect(foreign.status).toBe(404);
    const read = await reseller.client.call(markNotificationRead, { params: { notificationId } });
    expect(read.notification.read).toBe(true);
    expect((await reseller.client.call(listNotifications)).unread).toBe(0);
    const storeInbox = await poll(
      () => store.client.call(listNotifications),
      (r) => r.notifications.length >= 2,
    );
    expect(storeInbox.notifications.map((n) => n.type)).toEqual(['offer_updated', 'offer_received']);
  });

  it('anonymous offer with two items and sizes reaches the owner and their mailbox; the 11th in an hour is 429', async () => {
    const store = await trader('Anon Store', { items: 2 });
    const visitor = api();
    const body = {
      listOwnerId: store.userId,
      listType: 'wtb' as const,
      lines: [
        { itemId: store.items[0]!.id, size: '10', offeredPrice: 12500, quantity: 1 },
        { itemId: store.items[1]!.id, size: '11', offeredPrice: 9900, quantity: 2, notes: 'Deadstock' },
      ],
      message: 'Can pick up today',
      contact: { name: 'Walk-in Buyer', email: 'buyer@example.com', phone: '+34 611', discord: 'buyer#1' },
    };
    const idempotencyKey = key();
    const [first, second] = await Promise.all([
      visitor.call(createAnonymousOffer, { body, idempotencyKey }),
      visitor.call(createAnonymousOffer, { body, idempotencyKey }),
    ]);
    expect(second!.offer.id).toBe(first!.offer.id);

    const { offers } = await store.client.call(listAnonymousOffers);
    expect(offers).toHaveLength(1);
    expect(offers[0]).toMatchObject({
      contactName: 'Walk-in Buyer',
      totalItems: 2,
      instagram: null,
      discord: 'buyer#1',
    });
    expect(offers[0]!.lines.map((l) => [l.itemName, l.size])).toEqual([
      ['Dunk Low 0', '10'],
      ['Dunk Low 1', '11'],
    ]);
    const mail = await mailsTo(store.contactEmail, 1);
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toBe('New offer for 2 items');
    expect(mail[0]!.body.text).toContain('Walk-in Buyer');

    // Malformed and oversized payloads: 400/413, nothing stored.
    const malformed = await raw('/api/anonymous-offers', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': key() },
      body: '{"listOwnerId": ',
    });
    expect(malformed.status).toBe(400);
    const oversized = await raw('/api/anonymous-offers', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': key() },
      body: JSON.stringify({ ...body, message: 'x'.repeat(40_000) }),
    });
    expect([400, 413]).toContain(oversized.status);
    expect((await store.client.call(listAnonymousOffers)).offers).toHaveLength(1);

    // The double submit counted once; nine more fit, the eleventh is refused.
    for (let n = 1; n < ANONYMOUS_OFFERS_PER_HOUR; n++)
      await visitor.call(createAnonymousOffer, { body, idempotencyKey: key() });
    const limited = await rejection(visitor.call(createAnonymousOffer, { body, idempotencyKey: key() }));
    expect([limited.status, limited.code]).toEqual([429, 'RATE_LIMITED']);
    expect(limited.message).toMatch(/at most 10 an hour/);
    expect((await store.client.call(listAnonymousOffers, { query: { limit: 100 } })).offers).toHaveLength(10);
  });
});
