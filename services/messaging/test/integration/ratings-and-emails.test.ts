import { describe, expect, it } from 'vitest';
import { fixedClock } from '@sneakers/shared/clock';
import {
  createRating,
  getRatingSummary,
  listRatings,
  listTradingPartners,
  markConversationRead,
  sendMessage,
  startConversation,
} from '@sneakers/shared/contracts/messaging';
import { createOffers, respondToOffer } from '@sneakers/shared/contracts/offers';
import { startDemoSession } from '@sneakers/shared/contracts/profiles';
import { outboxEntity } from '@sneakers/shared/table/outbox';
import { api, poll, rejection } from '../../../../tests/support/cloud-client';
import { sweepMessageEmails } from '../../src/unread/domain';
import { clientId, localMessaging, trader, type Trader } from './support';

async function sendBurst(from: Trader, to: Trader, count: number) {
  const { conversation } = await from.client.call(startConversation, { body: { partnerUserId: to.userId } });
  const params = { conversationId: conversation.id };
  for (let i = 0; i < count; i++)
    await from.client.call(sendMessage, {
      params,
      body: { clientMessageId: clientId(), content: `burst ${i}` },
    });
  return params;
}

describe('message emails: one per burst unread for 10 minutes', () => {
  it('writes exactly one Messages.Unread for a burst of three, none once read', async () => {
    const store = await trader('Email Store');
    const reseller = await trader('Email Reseller', { role: 'reseller' });
    const params = await sendBurst(reseller, store, 3);

    // Run the sweep as the schedule would, 11 minutes from now, against the real table.
    const ahead = fixedClock(new Date(Date.now() + 11 * 60_000));
    const { deps, client, table } = localMessaging(ahead);
    const notYet = await sweepMessageEmails(localMessaging().deps);
    expect(notYet.emailed.filter((e) => e.recipientUserId === store.userId)).toEqual([]);

    const first = await sweepMessageEmails(deps);
    const mine = first.emailed.filter((e) => e.recipientUserId === store.userId);
    expect(mine).toHaveLength(1);
    const { data: row } = await outboxEntity.get({ eventId: mine[0]!.eventId }).go({ client, table });
    expect(row).toMatchObject({
      detailType: 'Messages.Unread',
      detail: {
        data: {
          recipientUserId: store.userId,
          unreadTotal: 3,
          conversationId: params.conversationId,
          senderName: 'Email Reseller',
          preview: 'burst 2',
        },
      },
    });
    const second = await sweepMessageEmails(deps);
    expect(second.emailed.filter((e) => e.recipientUserId === store.userId)).toEqual([]);

    // The other way round: a burst the recipient reads before it is due is never emailed.
    const back = await sendBurst(store, reseller, 3);
    expect(back).toEqual(params);
    expect(await reseller.client.call(markConversationRead, { params })).toEqual({ unreadTotal: 0 });
    const afterRead = await sweepMessageEmails(deps);
    expect(afterRead.emailed.filter((e) => e.recipientUserId === reseller.userId)).toEqual([]);
  });
});

describe('ratings between trading partners', () => {
  it('needs an accepted offer, allows one rating per pair, and sums them up', async () => {
    const store = await trader('Rated Store', { items: 1 });
    const reseller = await trader('Rating Reseller', { role: 'reseller' });
    const other = await trader('Other Reseller', { role: 'reseller' });

    const early = await rejection(
      reseller.client.call(createRating, { body: { rateeUserId: store.userId, stars: 5 } }),
    );
    expect([early.status, early.code]).toEqual([403, 'NO_COMPLETED_TRADE']);

    const trade = async (buyer: Trader) => {
      const { offers } = await buyer.client.call(createOffers, {
        body: {
          listOwnerId: store.userId,
          listType: 'wtb',
          lines: [{ itemId: store.items[0]!.id, size: '10', offeredPrice: 13000, quantity: 1 }],
        },
        idempotencyKey: clientId(),
      });
      await store.client.call(respondToOffer, {
        params: { offerId: offers[0]!.id },
        body: { action: 'accept' },
      });
      return offers[0]!.id;
    };
    const offerId = await trade(reseller);
    await trade(other);

    // The Offer.Updated consumer records both directions.
    const partners = await poll(
      () => store.client.call(listTradingPartners, { query: {} }),
      (p) => p.partners.length === 2,
    );
    expect(partners.partners.map((p) => p.partner.userId).sort()).toEqual(
      [reseller.userId, other.userId].sort(),
    );
    const mine = await poll(
      () => reseller.client.call(listTradingPartners, { query: {} }),
      (p) => p.partners.length === 1,
    );
    expect(mine.partners[0]).toMatchObject({
      partner: { userId: store.userId, businessName: 'Rated Store', role: 'store' },
      offerId,
      itemName: 'Dunk Low 0',
      myRating: null,
    });

    const { rating } = await reseller.client.call(createRating, {
      body: { rateeUserId: store.userId, stars: 5, comment: ' Smooth deal ' },
    });
    expect(rating).toMatchObject({
      raterUserId: reseller.userId,
      raterName: 'Rating Reseller',
      rateeUserId: store.userId,
      rateeName: 'Rated Store',
      stars: 5,
      comment: 'Smooth deal',
      offerId,
    });
    const twice = await rejection(
      reseller.client.call(createRating, { body: { rateeUserId: store.userId, stars: 1 } }),
    );
    expect([twice.status, twice.code]).toEqual([409, 'ALREADY_RATED']);
    await other.client.call(createRating, { body: { rateeUserId: store.userId, stars: 4 } });
    await store.client.call(createRating, { body: { rateeUserId: reseller.userId, stars: 3 } });

    // Public: no token needed. (5 + 4) / 2.
    expect(await api().call(getRatingSummary, { params: { userId: store.userId } })).toEqual({
      summary: { average: 4.5, count: 2 },
    });
    expect(await api().call(getRatingSummary, { params: { userId: reseller.userId } })).toEqual({
      summary: { average: 3, count: 1 },
    });
    const received = await store.client.call(listRatings, { query: { direction: 'received' } });
    expect(received.ratings.map((r) => r.stars).sort()).toEqual([4, 5]);
    const given = await store.client.call(listRatings, { query: { direction: 'given' } });
    expect(given.ratings.map((r) => [r.rateeUserId, r.stars])).toEqual([[reseller.userId, 3]]);
    const rated = await reseller.client.call(listTradingPartners, { query: {} });
    expect(rated.partners[0]).toMatchObject({ myRating: 5, partner: { rating: { average: 4.5, count: 2 } } });

    const demo = api((await api().call(startDemoSession, {})).accessToken);
    const refused = await rejection(
      demo.call(createRating, { body: { rateeUserId: store.userId, stars: 5 } }),
    );
    expect([refused.status, refused.code]).toEqual([403, 'DEMO_MODE']);
  });
});
