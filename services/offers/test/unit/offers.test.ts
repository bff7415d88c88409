import { describe, expect, it } from 'vitest';
import type { Actor } from '@sneakers/shared/actor';
import {
  ANONYMOUS_OFFERS_PER_HOUR,
  OFFER_EXPIRY_MS,
  offerLifetimeMs,
} from '@sneakers/shared/contracts/offers';
import { idempotencyKeyFrom } from '@sneakers/shared/idempotency/idempotency';
import { deriveStatus, nextStatus, TRANSITIONS } from '@sneakers/shared/rules/offer-transitions';
import { agreedPrice, lineTotal, offerTotal } from '@sneakers/shared/rules/offer-price';
import { availableActions } from '@sneakers/shared/rules/offer-transitions';
import {
  createAnonymousOffer,
  getAnonymousOffer,
  getOfferStatus,
  listAnonymousOffers,
  respondToAnonymousOffer,
} from '../../src/anonymous-offers/domain';
import { createOffers, getOffer, listOffers, respondToOffer } from '../../src/offers/domain';
import type { OfferTarget } from '../../src/offers/offer-target';
import { memoryDeps } from './memory';

const user = (userId: string): Actor => ({ kind: 'user', userId, isSuperuser: false, isDemo: false });
const store = user('store');
const reseller = user('reseller');
const stranger = user('stranger');
const key = (k = 'key-00000001') => ({ 'idempotency-key': k });

function setup() {
  const m = memoryDeps();
  m.addProfile('store');
  m.addProfile('reseller');
  m.addItem({ id: 'i1', userId: 'store' });
  m.addItem({ id: 'i2', userId: 'store', isBulk: true, sizes: ['BULK'] });
  return m;
}

const target: OfferTarget = {
  listOwnerId: 'store',
  listType: 'wtb',
  lines: [
    { itemId: 'i1', size: '10', offeredPrice: 15000, quantity: 1 },
    { itemId: 'i2', size: '11', offeredPrice: 9000, quantity: 3, notes: 'ds' },
  ],
  message: 'hello',
};

async function codeOf(promise: Promise<unknown>) {
  return promise.then(
    () => 'resolved',
    (e: { status?: number; code?: string }) => `${e.status} ${e.code}`,
  );
}

describe('transitions', () => {
  it('lets the receiver answer a pending offer and the sender answer a counter or withdraw', () => {
    const table: [string, string, string, string | null][] = [
      ['receiver', 'pending', 'accept', 'accepted'],
      ['receiver', 'pending', 'decline', 'declined'],
      ['receiver', 'pending', 'counter', 'countered'],
      ['receiver', 'pending', 'withdraw', null],
      ['receiver', 'countered', 'accept', null],
      ['receiver', 'countered', 'counter', null],
      ['sender', 'pending', 'accept', null],
      ['sender', 'pending', 'counter', null],
      ['sender', 'pending', 'withdraw', 'withdrawn'],
      ['sender', 'countered', 'accept', 'accepted'],
      ['sender', 'countered', 'decline', 'declined'],
      ['sender', 'countered', 'withdraw', 'withdrawn'],
      ['sender', 'accepted', 'withdraw', null],
      ['receiver', 'declined', 'accept', null],
    ];
    for (const [role, from, action, to] of table)
      expect(nextStatus(role as never, from as never, action as never), `${role} ${from} ${action}`).toBe(to);
    // Closed states have no way out.
    for (const role of ['receiver', 'sender'] as const)
      for (const closed of ['accepted', 'declined', 'withdrawn'] as const)
        expect(TRANSITIONS[role][closed]).toBeUndefined();
  });

  it("keeps offers open 7 days, and 5 on a demo store's list (docs/product/offers.md#expiry)", () => {
    expect(offerLifetimeMs('store-1')).toBe(604_800_000);
    expect(offerLifetimeMs('demo-store')).toBe(5 * 86_400_000);
  });

  it('derives expired for open offers at or past expiresAt only', () => {
    const expiresAt = '2026-11-29T10:00:00.000Z';
    expect(deriveStatus('pending', expiresAt, new Date('2026-11-29T09:59:59.999Z'))).toBe('pending');
    expect(deriveStatus('pending', expiresAt, new Date(expiresAt))).toBe('expired');
    expect(deriveStatus('countered', expiresAt, new Date('2026-12-01T00:00:00Z'))).toBe('expired');
    expect(deriveStatus('accepted', expiresAt, new Date('2026-12-01T00:00:00Z'))).toBe('accepted');
  });
});

describe('idempotency key', () => {
  it('requires 8 to 100 visible characters', () => {
    expect(() => idempotencyKeyFrom({})).toThrow(/Idempotency-Key/);
    expect(() => idempotencyKeyFrom({ 'idempotency-key': 'short' })).toThrow();
    expect(() => idempotencyKeyFrom({ 'idempotency-key': 'x'.repeat(101) })).toThrow();
    expect(() => idempotencyKeyFrom({ 'idempotency-key': 'has space inside' })).toThrow();
    expect(idempotencyKeyFrom({ 'idempotency-key': 'abcdefgh' })).toBe('abcdefgh');
  });
});

describe('createOffers', () => {
  it('creates one pending offer per line, expiring in 7 days, with one Offer.Received event', async () => {
    const m = setup();
    const { offers, created } = await createOffers(m.deps, reseller, key(), target);
    expect(created).toBe(true);
    expect(offers).toHaveLength(2);
    expect(offers[0]).toMatchObject({
      storeUserId: 'store',
      resellerUserId: 'reseller',
      status: 'pending',
      size: '10',
      senderBusinessName: 'Biz reseller',
      receiverBusinessName: 'Biz store',
      message: 'hello',
    });
    expect(Date.parse(offers[0]!.expiresAt) - Date.parse(offers[0]!.createdAt)).toBe(OFFER_EXPIRY_MS);
    expect(m.events).toHaveLength(1);
    expect(m.events[0]!.detail.data).toMatchObject({
      receiverUserId: 'store',
      itemsCount: 2,
      anonymous: false,
      offerIds: offers.map((o) => o.id),
    });
  });

  it('replays the first result for the same key and refuses the key for another request', async () => {
    const m = setup();
    const first = await createOffers(m.deps, reseller, key(), target);
    const again = await createOffers(m.deps, reseller, key(), target);
    expect(again.created).toBe(false);
    expect(again.offers.map((o) => o.id)).toEqual(first.offers.map((o) => o.id));
    expect(m.offers.size).toBe(2);
    expect(await codeOf(createOffers(m.deps, reseller, key(), { ...target, message: 'other' }))).toBe(
      '409 IDEMPOTENCY_KEY_REUSED',
    );
    expect(await codeOf(createOffers(m.deps, reseller, {}, target))).toBe('400 IDEMPOTENCY_KEY_REQUIRED');
  });

  it('refuses own list, missing profile and items that are not offerable', async () => {
    const m = setup();
    expect(await codeOf(createOffers(m.deps, store, key(), target))).toBe('400 CANNOT_OFFER_OWN_LIST');
    expect(await codeOf(createOffers(m.deps, stranger, key(), target))).toBe('400 PROFILE_REQUIRED');
    const line = (itemId: string, size = '10') => ({
      ...target,
      lines: [{ itemId, size, offeredPrice: 1, quantity: 1 }],
    });
    m.addItem({ id: 'private', userId: 'store', visibility: 'private' });
    m.addItem({ id: 'sold', userId: 'store', status: 'sold' });
    m.addItem({ id: 'wtc', userId: 'store', listType: 'wtc' });
    for (const input of [line('missing'), line('private'), line('sold'), line('wtc'), line('i1', '12')])
      expect(await codeOf(createOffers(m.deps, reseller, key(), input))).toBe('400 ITEM_NOT_OFFERABLE');
    m.addProfile('store', { publicWtbList: false });
    expect(await codeOf(createOffers(m.deps, reseller, key(), target))).toBe('400 ITEM_NOT_OFFERABLE');
    expect(m.offers.size).toBe(0);
  });
});

describe('respondToOffer', () => {
  it('runs counter then accept, emitting Offer.Updated to the other party', async () => {
    const m = setup();
    const [offer] = (
      await createOffers(m.deps, reseller, key(), { ...target, lines: target.lines.slice(0, 1) })
    ).offers;
    const countered = await respondToOffer(m.deps, store, offer!.id, { action: 'counter', price: 17000 });
    expect(countered).toMatchObject({ status: 'countered', counterPrice: 17000 });
    expect(m.events.at(-1)!.detail.data).toMatchObject({ status: 'countered', notifyUserId: 'reseller' });
    expect(await codeOf(respondToOffer(m.deps, store, offer!.id, { action: 'accept' }))).toBe(
      '409 INVALID_TRANSITION',
    );
    const accepted = await respondToOffer(m.deps, reseller, offer!.id, { action: 'accept' });
    expect(accepted.status).toBe('accepted');
    expect(m.events.at(-1)!.detail.data).toMatchObject({ status: 'accepted', notifyUserId: 'store' });
  });

  it('hides the offer from third parties and refuses changes once expired', async () => {
    const m = setup();
    const [offer] = (await createOffers(m.deps, reseller, key(), target)).offers;
    expect(await codeOf(respondToOffer(m.deps, stranger, offer!.id, { action: 'accept' }))).toBe(
      '404 OFFER_NOT_FOUND',
    );
    expect(await codeOf(respondToOffer(m.deps, store, 'nope', { action: 'accept' }))).toBe(
      '404 OFFER_NOT_FOUND',
    );
    m.clock.advance(OFFER_EXPIRY_MS);
    expect(await codeOf(respondToOffer(m.deps, store, offer!.id, { action: 'accept' }))).toBe(
      '409 OFFER_EXPIRED',
    );
    const { offers } = await listOffers(m.deps, store, { box: 'received' });
    expect(offers.every((o) => o.status === 'expired')).toBe(true);
  });
});

describe('createAnonymousOffer', () => {
  const anonymous = {
    ...target,
    contact: { name: 'Visitor', email: 'v@example.com', phone: '+34 600', instagram: 'visitor' },
  };

  it('stores one offer with its lines and replays it for the same key', async () => {
    const m = setup();
    const first = await createAnonymousOffer(m.deps, key('anon-key-1'), '10.0.0.1', anonymous);
    expect(first.offer).toMatchObject({
      storeUserId: 'store',
      totalItems: 2,
      status: 'pending',
      discord: null,
    });
    expect(first.offer.lines.map((l) => l.size)).toEqual(['10', '11']);
    const again = await createAnonymousOffer(m.deps, key('anon-key-1'), '10.0.0.1', anonymous);
    expect(again).toEqual({ offer: first.offer, statusToken: first.statusToken, created: false });
    expect(m.anonymous.size).toBe(1);
    expect(m.events[0]!.detail.data).toMatchObject({ anonymous: true, senderName: 'Visitor', itemsCount: 2 });
  });

  it('allows 10 an hour per address and list, then 429 until the window rolls', async () => {
    const m = setup();
    for (let n = 0; n < ANONYMOUS_OFFERS_PER_HOUR; n++)
      await createAnonymousOffer(m.deps, key(`anon-key-${n}`), '10.0.0.1', anonymous);
    expect(await codeOf(createAnonymousOffer(m.deps, key('anon-key-x'), '10.0.0.1', anonymous))).toBe(
      '429 RATE_LIMITED',
    );
    // Another address, or the same address on another list, is not affected.
    await createAnonymousOffer(m.deps, key('anon-key-y'), '10.0.0.2', anonymous);
    m.addProfile('other');
    m.addItem({ id: 'o1', userId: 'other' });
    await createAnonymousOffer(m.deps, key('anon-key-z'), '10.0.0.1', {
      ...anonymous,
      listOwnerId: 'other',
      lines: [{ itemId: 'o1', size: '9', offeredPrice: 100, quantity: 1 }],
    });
    m.clock.advance(3_600_000);
    await createAnonymousOffer(m.deps, key('anon-key-w'), '10.0.0.1', anonymous);
  });
});

describe('offer prices', () => {
  it('totals price per pair times quantity over the lines', () => {
    expect(lineTotal({ offeredPrice: 9000, quantity: 3 })).toBe(27000);
    expect(offerTotal(target.lines)).toBe(15000 + 27000);
    expect(offerTotal([])).toBe(0);
  });

  it('agrees on the counter when a counter was accepted, else on the offered price, and only once accepted', () => {
    expect(agreedPrice({ status: 'accepted', offered: 42000, counterPrice: 39000 })).toBe(39000);
    expect(agreedPrice({ status: 'accepted', offered: 42000, counterPrice: null })).toBe(42000);
    for (const status of ['pending', 'countered', 'declined', 'withdrawn', 'expired'] as const)
      expect(agreedPrice({ status, offered: 42000, counterPrice: 39000 })).toBeNull();
  });

  it("lets a store answer an anonymous offer and record the sender's answer to its counter", () => {
    expect(availableActions('anonymousReceiver', 'pending')).toEqual(['accept', 'decline', 'counter']);
    expect(availableActions('anonymousReceiver', 'countered')).toEqual(['accept', 'decline']);
    expect(availableActions('anonymousReceiver', 'expired')).toEqual([]);
    for (const closed of ['accepted', 'declined', 'withdrawn'] as const)
      expect(availableActions('anonymousReceiver', closed)).toEqual([]);
    expect(nextStatus('anonymousReceiver', 'pending', 'withdraw')).toBeNull();
  });
});

describe('offer groups and details', () => {
  it('stamps one group on the lines of one call and reads the group from any of its lines', async () => {
    const m = setup();
    const { offers } = await createOffers(m.deps, reseller, key(), target);
    const [a, b] = offers;
    expect(a!.groupId).toBe(a!.id);
    expect(b!.groupId).toBe(a!.id);
    const fromSecond = await getOffer(m.deps, store, b!.id);
    expect(fromSecond.offer.id).toBe(b!.id);
    expect(fromSecond.group.map((o) => o.id)).toEqual([a!.id, b!.id]);
    expect((await getOffer(m.deps, reseller, a!.id)).group).toHaveLength(2);
    expect(await codeOf(getOffer(m.deps, stranger, a!.id))).toBe('404 OFFER_NOT_FOUND');
    expect(m.events[0]!.detail.data).toMatchObject({
      currency: 'EUR',
      message: 'hello',
      lines: [
        { itemName: 'Sneaker i1', size: '10', quantity: 1, offeredPrice: 15000 },
        { itemName: 'Sneaker i2', size: '11', quantity: 3, offeredPrice: 9000 },
      ],
    });
  });

  it('carries a counter message to the other side and the agreed price once the counter is accepted', async () => {
    const m = setup();
    const { offers } = await createOffers(m.deps, reseller, key(), target);
    const id = offers[0]!.id;
    const countered = await respondToOffer(m.deps, store, id, {
      action: 'counter',
      price: 14000,
      message: '  Best I can do  ',
    });
    expect(countered).toMatchObject({
      status: 'countered',
      counterPrice: 14000,
      counterMessage: 'Best I can do',
    });
    expect(m.events.at(-1)!.detail.data).toMatchObject({
      counterMessage: 'Best I can do',
      agreedPrice: null,
    });
    const accepted = await respondToOffer(m.deps, reseller, id, { action: 'accept' });
    expect(accepted).toMatchObject({
      status: 'accepted',
      counterPrice: 14000,
      counterMessage: 'Best I can do',
    });
    expect(m.events.at(-1)!.detail.data).toMatchObject({ status: 'accepted', agreedPrice: 14000 });
  });
});

describe('answering an anonymous offer', () => {
  const anonymous = {
    ...target,
    language: 'es' as const,
    contact: { name: 'Visitor', email: 'v@example.com', phone: '+34 600', instagram: 'visitor' },
  };

  async function made() {
    const m = setup();
    const { offer, statusToken } = await createAnonymousOffer(
      m.deps,
      key('anon-key-1'),
      '10.0.0.1',
      anonymous,
    );
    return { m, offer, statusToken };
  }

  it('records the language and currency, and never shows the status token to the store', async () => {
    const { m, offer, statusToken } = await made();
    expect(offer).toMatchObject({ language: 'es', currency: 'EUR', counterPrice: null });
    expect(statusToken.length).toBeGreaterThan(16);
    const listed = await listAnonymousOffers(m.deps, store, {});
    expect(JSON.stringify(listed)).not.toContain(statusToken);
    expect(JSON.stringify(await getAnonymousOffer(m.deps, store, offer.id))).not.toContain(statusToken);
    const english = await createAnonymousOffer(m.deps, key('anon-key-2'), '10.0.0.1', {
      ...anonymous,
      language: undefined,
    });
    expect(english.offer.language).toBe('en');
  });

  it('counters with one price for all lines and emails the sender with the status link', async () => {
    const { m, offer, statusToken } = await made();
    const countered = await respondToAnonymousOffer(m.deps, store, offer.id, {
      action: 'counter',
      price: 40000,
      message: 'For both pairs',
    });
    expect(countered).toMatchObject({
      status: 'countered',
      counterPrice: 40000,
      counterMessage: 'For both pairs',
    });
    const event = m.events.at(-1)!;
    expect(event.detailType).toBe('Offer.AnonymousAnswered');
    expect(event.detail.data).toMatchObject({
      status: 'countered',
      senderEmail: 'v@example.com',
      language: 'es',
      statusToken,
      offeredTotal: 42000,
      counterPrice: 40000,
      counterMessage: 'For both pairs',
      agreedPrice: null,
      storeBusinessName: 'Biz store',
    });
    // The store records that the sender took the counter.
    const accepted = await respondToAnonymousOffer(m.deps, store, offer.id, { action: 'accept' });
    expect(accepted.status).toBe('accepted');
    expect(m.events.at(-1)!.detail.data).toMatchObject({ agreedPrice: 40000, statusToken });
    expect(await codeOf(respondToAnonymousOffer(m.deps, store, offer.id, { action: 'decline' }))).toBe(
      '409 INVALID_TRANSITION',
    );
  });

  it('answers 404 to another store, 403 to the demo and 409 once expired', async () => {
    const { m, offer } = await made();
    m.addProfile('stranger');
    expect(await codeOf(respondToAnonymousOffer(m.deps, stranger, offer.id, { action: 'accept' }))).toBe(
      '404 OFFER_NOT_FOUND',
    );
    expect(await codeOf(getAnonymousOffer(m.deps, stranger, offer.id))).toBe('404 OFFER_NOT_FOUND');
    const demo: Actor = { kind: 'user', userId: 'store', isSuperuser: false, isDemo: true };
    expect(await codeOf(respondToAnonymousOffer(m.deps, demo, offer.id, { action: 'accept' }))).toBe(
      '403 DEMO_MODE',
    );
    m.clock.advance(OFFER_EXPIRY_MS);
    expect(await codeOf(respondToAnonymousOffer(m.deps, store, offer.id, { action: 'decline' }))).toBe(
      '409 OFFER_EXPIRED',
    );
    expect((await getAnonymousOffer(m.deps, store, offer.id)).status).toBe('expired');
  });

  it('shows the sender the status, lines, counter and store name by token, and 404 for any other token', async () => {
    const { m, offer, statusToken } = await made();
    expect(await getOfferStatus(m.deps, statusToken)).toMatchObject({ status: 'pending', agreedPrice: null });
    await respondToAnonymousOffer(m.deps, store, offer.id, { action: 'accept' });
    const view = await getOfferStatus(m.deps, statusToken);
    expect(view).toMatchObject({
      status: 'accepted',
      storeBusinessName: 'Biz store',
      offeredTotal: 42000,
      agreedPrice: 42000,
      lines: [
        { itemName: 'Sneaker i1', size: '10', offeredPrice: 15000, quantity: 1 },
        { itemName: 'Sneaker i2', size: '11', offeredPrice: 9000, quantity: 3 },
      ],
    });
    expect(JSON.stringify(view)).not.toContain('v@example.com');
    expect(await codeOf(getOfferStatus(m.deps, offer.id))).toBe('404 OFFER_NOT_FOUND');
  });

  it('gives an offer made before status links a link at its first answer', async () => {
    const { m, offer, statusToken } = await made();
    const stored = m.anonymous.get(offer.id)!;
    m.anonymous.set(offer.id, { ...stored, statusToken: null, currency: null });
    m.links.delete(statusToken);
    await respondToAnonymousOffer(m.deps, store, offer.id, { action: 'decline' });
    const token = m.anonymous.get(offer.id)!.statusToken!;
    expect(token).not.toBe(statusToken);
    expect(m.events.at(-1)!.detail.data).toMatchObject({ statusToken: token, currency: 'EUR' });
    expect((await getOfferStatus(m.deps, token)).status).toBe('declined');
  });
});
