import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  createAnonymousOffer,
  createOffers,
  getAnonymousOffer,
  getOffer,
  getOfferStatus,
  listAnonymousOffers,
  respondToAnonymousOffer,
} from '@sneakers/shared/contracts/offers';
import { startDemoSession } from '@sneakers/shared/contracts/profiles';
import { secureToken } from '@sneakers/shared/ids';
import { api, cloud, raw, rejection } from '../../../../tests/support/cloud-client';
import { createAnonymousOffer as createAnonymousOfferUseCase } from '../../src/anonymous-offers/domain';
import { anonymousOffersDeps, key, mailsTo, trader, type Trader } from './support';

/** A store with two public WTB items in sizes 9 and 10. */
const store = (name: string) => trader(name, { items: 2, sizes: ['9', '10'] });

function anonymousBody(owner: Trader, email: string, language?: 'en' | 'es') {
  return {
    listOwnerId: owner.userId,
    listType: 'wtb' as const,
    lines: [
      { itemId: owner.items[0]!.id, size: '10', offeredPrice: 12000, quantity: 1 },
      { itemId: owner.items[1]!.id, size: '9', offeredPrice: 9000, quantity: 2 },
    ],
    message: 'Pick-up today',
    contact: { name: 'Pablo', email, phone: '+34 611', instagram: '@pablo' },
    ...(language ? { language } : {}),
  };
}

describe('answering anonymous offers', () => {
  it('counter with a message: the sender is emailed in their language with a status link that shows it', async () => {
    const owner = await store('Counter Store');
    const email = `pablo-${randomUUID()}@example.com`;
    const created = await api().call(createAnonymousOffer, {
      body: anonymousBody(owner, email, 'es'),
      idempotencyKey: key(),
    });
    expect(created.offer).toMatchObject({ language: 'es', currency: 'EUR', status: 'pending' });
    const offerId = created.offer.id;

    const countered = await owner.client.call(respondToAnonymousOffer, {
      params: { anonymousOfferId: offerId },
      body: { action: 'counter', price: 28000, message: 'Both for this' },
    });
    expect(countered.offer).toMatchObject({
      status: 'countered',
      counterPrice: 28000,
      counterMessage: 'Both for this',
    });
    expect(JSON.stringify(countered)).not.toContain(created.statusToken);
    const one = await owner.client.call(getAnonymousOffer, { params: { anonymousOfferId: offerId } });
    expect(one.offer).toMatchObject({
      id: offerId,
      status: 'countered',
      contactEmail: email,
      instagram: '@pablo',
    });

    const [mail] = await mailsTo(email, 1);
    expect(mail!.subject).toBe('Counter Store te ha enviado una contraoferta');
    const link = /(https?:\/\/\S+\/offer-status\/([\w-]+))/.exec(mail!.body.text ?? '');
    expect(link?.[1]?.startsWith(cloud().appUrl)).toBe(true);
    const token = link![2]!;
    expect(token).toBe(created.statusToken);
    expect(token).not.toContain(offerId);
    // Intl puts a no-break space before the euro sign.
    expect(mail!.body.text?.replace(/\s/g, ' ')).toContain(
      'Dunk Low 1 (DD1391-101), talla 9: 2 × 90,00 € = 180,00 €',
    );
    expect(mail!.body.text).toContain('Mensaje de la contraoferta: Both for this');

    const status = await api().call(getOfferStatus, { params: { token } });
    expect(status.offer).toMatchObject({
      status: 'countered',
      storeBusinessName: 'Counter Store',
      offeredTotal: 30000,
      counterPrice: 28000,
      counterMessage: 'Both for this',
      agreedPrice: null,
    });
    expect(status.offer.lines.map((l) => [l.itemName, l.size, l.quantity])).toEqual([
      ['Dunk Low 0', '10', 1],
      ['Dunk Low 1', '9', 2],
    ]);
    // Nothing private: no contact details of either side.
    expect(JSON.stringify(status)).not.toMatch(/@example\.com|\+34|pablo/i);
    const unknown = await raw(`/api/offer-status/${secureToken(16)}`);
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { error: { code: string } }).error.code).toBe('OFFER_NOT_FOUND');

    // The store records that the sender took the counter: the agreed price is the counter.
    await owner.client.call(respondToAnonymousOffer, {
      params: { anonymousOfferId: offerId },
      body: { action: 'accept' },
    });
    expect((await api().call(getOfferStatus, { params: { token } })).offer).toMatchObject({
      status: 'accepted',
      agreedPrice: 28000,
    });
    expect((await mailsTo(email, 2)).map((m) => m.subject)).toEqual([
      'Counter Store te ha enviado una contraoferta',
      'Counter Store ha aceptado tu oferta',
    ]);
  });

  it('accept and decline; another store gets 404, a closed offer 409, and the demo 403', async () => {
    const owner = await store('Answer Store');
    const other = await store('Other Store');
    const emails = [`a-${randomUUID()}@example.com`, `b-${randomUUID()}@example.com`];
    const [a, b] = await Promise.all(
      emails.map((email) =>
        api().call(createAnonymousOffer, { body: anonymousBody(owner, email), idempotencyKey: key() }),
      ),
    );
    for (const call of [
      () =>
        other.client.call(respondToAnonymousOffer, {
          params: { anonymousOfferId: a!.offer.id },
          body: { action: 'accept' },
        }),
      () => other.client.call(getAnonymousOffer, { params: { anonymousOfferId: a!.offer.id } }),
    ]) {
      const hidden = await rejection(call());
      expect([hidden.status, hidden.code]).toEqual([404, 'OFFER_NOT_FOUND']);
    }

    const accepted = await owner.client.call(respondToAnonymousOffer, {
      params: { anonymousOfferId: a!.offer.id },
      body: { action: 'accept' },
    });
    expect(accepted.offer.status).toBe('accepted');
    const declined = await owner.client.call(respondToAnonymousOffer, {
      params: { anonymousOfferId: b!.offer.id },
      body: { action: 'decline' },
    });
    expect(declined.offer.status).toBe('declined');
    const again = await rejection(
      owner.client.call(respondToAnonymousOffer, {
        params: { anonymousOfferId: b!.offer.id },
        body: { action: 'counter', price: 100 },
      }),
    );
    expect([again.status, again.code]).toEqual([409, 'INVALID_TRANSITION']);

    const [acceptedMail] = await mailsTo(emails[0]!, 1);
    expect(acceptedMail!.subject).toBe('Answer Store accepted your offer');
    expect(acceptedMail!.body.text).toContain('Agreed price: €300.00');
    const [declinedMail] = await mailsTo(emails[1]!, 1);
    expect(declinedMail!.subject).toBe('Answer Store declined your offer');
    expect((await other.client.call(listAnonymousOffers)).offers).toHaveLength(0);

    const demo = api((await api().call(startDemoSession, {})).accessToken);
    const [demoOffer] = (await demo.call(listAnonymousOffers)).offers;
    const refused = await rejection(
      demo.call(respondToAnonymousOffer, {
        params: { anonymousOfferId: demoOffer!.id },
        body: { action: 'accept' },
      }),
    );
    expect([refused.status, refused.code]).toEqual([403, 'DEMO_MODE']);
  });

  it('an expired offer reads as expired and changes no more (409 OFFER_EXPIRED)', async () => {
    const owner = await store('Expiry Store');
    // Made eight days ago through the same use case and table: it expired yesterday.
    const deps = anonymousOffersDeps(new Date(Date.now() - 8 * 86_400_000));
    const { offer, statusToken } = await createAnonymousOfferUseCase(
      deps,
      { 'idempotency-key': key() },
      '127.0.0.9',
      anonymousBody(owner, `late-${randomUUID()}@example.com`),
    );
    const expired = await rejection(
      owner.client.call(respondToAnonymousOffer, {
        params: { anonymousOfferId: offer.id },
        body: { action: 'accept' },
      }),
    );
    expect([expired.status, expired.code]).toEqual([409, 'OFFER_EXPIRED']);
    expect(
      (await owner.client.call(getAnonymousOffer, { params: { anonymousOfferId: offer.id } })).offer.status,
    ).toBe('expired');
    expect((await api().call(getOfferStatus, { params: { token: statusToken } })).offer.status).toBe(
      'expired',
    );
  });

  it('a signed-in offer of several lines reads as one group from any of its lines, for its two parties only', async () => {
    const owner = await store('Group Store');
    const sender = await store('Group Sender');
    const { offers } = await sender.client.call(createOffers, {
      body: {
        listOwnerId: owner.userId,
        listType: 'wtb',
        message: 'Both together',
        lines: [
          { itemId: owner.items[0]!.id, size: '10', offeredPrice: 12000, quantity: 1 },
          { itemId: owner.items[1]!.id, size: '9', offeredPrice: 9000, quantity: 2 },
        ],
      },
      idempotencyKey: key(),
    });
    const groupId = offers[0]!.id;
    expect(offers.map((o) => o.groupId)).toEqual([groupId, groupId]);
    const read = await owner.client.call(getOffer, { params: { offerId: offers[1]!.id } });
    expect(read.offer.id).toBe(offers[1]!.id);
    expect(read.group.map((o) => [o.itemName, o.size, o.message])).toEqual([
      ['Dunk Low 0', '10', 'Both together'],
      ['Dunk Low 1', '9', 'Both together'],
    ]);
    expect((await sender.client.call(getOffer, { params: { offerId: groupId } })).group).toHaveLength(2);
    const stranger = await store('Group Stranger');
    const hidden = await rejection(stranger.client.call(getOffer, { params: { offerId: groupId } }));
    expect([hidden.status, hidden.code]).toEqual([404, 'OFFER_NOT_FOUND']);
  });
});
