import { describe, expect, it } from 'vitest';
import type { Actor } from '@sneakers/shared/actor';
import { dealsBadge, listDeals, markDealsSeen } from '../../src/board/domain';
import type { BoardDeps, BoardFresh } from '../../src/board/ports';
import { dealsOfPair, sourceOf } from '../../src/matching/domain';
import type { ItemFacts, StoredDeal } from '../../src/matching/ports';
import { item, NOW, profile } from './matching-memory';

const STORE = profile('store-1', 'store');
const R1 = profile('reseller-1', 'reseller', { businessName: 'Kicks BCN' });
const R2 = profile('reseller-2', 'reseller', { businessName: 'Sole Madrid' });
const user = (userId: string, isDemo = false): Actor => ({
  kind: 'user',
  userId,
  isSuperuser: false,
  isDemo,
});

const wtb = item({
  userId: STORE.userId,
  id: 'wtb-1',
  listType: 'wtb',
  sizes: ['US M 9', 'US M 10', 'US M 11', 'US M 12'],
  targetPrice: 12000,
});

/** The store's deals against each offer, matched at the given times. */
function dealsFor(offers: { facts: ItemFacts; at: string }[], want: ItemFacts = wtb): StoredDeal[] {
  const mine = sourceOf(want, STORE);
  return offers.map(({ facts, at }) => {
    const owner = facts.userId === R1.userId ? R1 : R2;
    const pair = dealsOfPair(mine, sourceOf(facts, owner), at);
    if (!pair) throw new Error(`${facts.id} does not match`);
    return pair[0];
  });
}

function deps(stored: StoredDeal[], fresh: Partial<BoardFresh> = {}) {
  const seen: string[] = [];
  const full: BoardFresh = {
    preferences: { resaleFeeBasisPoints: 0, shippingCents: 0, hides: [] },
    badge: { newDeals: 3, lastSeenAt: null },
    profile: { role: 'store', profileVisibleInDeals: true },
    ratings: new Map(),
    ...fresh,
  };
  const d: BoardDeps = {
    clock: { now: () => NOW },
    repo: {
      deals: async (userId) => stored.filter((s) => s.userId === userId),
      fresh: async () => full,
      badge: async () => full.badge,
      markSeen: async (userId, at) => {
        seen.push(`${userId}@${at}`);
      },
    },
  };
  return { deps: d, seen };
}

const offer = (id: string, userId: string, sizes: string[], price: number, brand = 'Nike') =>
  item({ userId, id, listType: 'wts', sizes, desiredPrice: price, brand });

const cheap = offer('wts-cheap', R1.userId, ['EU 42.5', 'EU 44'], 10000);
const dear = offer('wts-dear', R2.userId, ['EU 45'], 15000);
const mid = offer('wts-mid', R1.userId, ['EU 46'], 11500);
const stored = dealsFor([
  { facts: cheap, at: '2026-11-28T09:00:00.000Z' },
  { facts: dear, at: '2026-11-28T09:30:00.000Z' },
  { facts: mid, at: '2026-11-28T08:00:00.000Z' },
]);

describe('the deals board', () => {
  it('sorts ready-to-trade first, then by net margin after the store’s resale fee; shows what one partner fills', async () => {
    const { deps: d } = deps(stored, {
      preferences: { resaleFeeBasisPoints: 1000, shippingCents: 0, hides: [] },
    });
    const page = await listDeals(d, user(STORE.userId), {});
    expect(page.side).toBe('want');
    expect(page.deals.map((x) => x.theirs.id)).toEqual(['wts-cheap', 'wts-mid', 'wts-dear']);
    expect(page.deals[0]?.figures).toEqual({ gap: -2000, readyToTrade: true, netMargin: 1000 });
    expect(page.deals[2]?.figures).toEqual({ gap: 3000, readyToTrade: false, netMargin: -4500 });
    // Kicks BCN fills 3 of the 4 sizes with two items; Sole Madrid 1.
    expect(page.deals[0]?.partnerFills).toEqual({ filled: 3, of: 4 });
    expect(page.deals[2]?.partnerFills).toEqual({ filled: 1, of: 4 });
  });

  it('sorts by newest and by partner rating', async () => {
    const { deps: d } = deps(stored, { ratings: new Map([[R2.userId, { count: 2, sum: 9 }]]) });
    const newest = await listDeals(d, user(STORE.userId), { sort: 'newest' });
    expect(newest.deals.map((x) => x.theirs.id)).toEqual(['wts-dear', 'wts-cheap', 'wts-mid']);
    const rating = await listDeals(d, user(STORE.userId), { sort: 'rating' });
    expect(rating.deals[0]?.partner).toMatchObject({ userId: R2.userId, ratingAverage: 4.5, ratingCount: 2 });
    expect(rating.deals[1]?.partner).toMatchObject({ ratingAverage: null, ratingCount: 0 });
  });

  it('filters by brand and by a size in any system, and pages', async () => {
    const { deps: d } = deps(stored);
    expect(
      (await listDeals(d, user(STORE.userId), { size: 'US M 9' })).deals.map((x) => x.theirs.id),
    ).toEqual(['wts-cheap']);
    expect((await listDeals(d, user(STORE.userId), { size: '45' })).deals.map((x) => x.theirs.id)).toEqual([
      'wts-dear',
    ]);
    expect((await listDeals(d, user(STORE.userId), { brand: 'nike' })).deals).toHaveLength(3);
    expect((await listDeals(d, user(STORE.userId), { brand: 'adidas' })).deals).toHaveLength(0);
    const first = await listDeals(d, user(STORE.userId), { limit: 2 });
    expect(first.deals).toHaveLength(2);
    const second = await listDeals(d, user(STORE.userId), { limit: 2, cursor: first.cursor ?? undefined });
    expect(second).toMatchObject({
      cursor: null,
      deals: [expect.objectContaining({ theirs: expect.anything() })],
    });
    await expect(listDeals(d, user(STORE.userId), { cursor: 'nope' })).rejects.toMatchObject({ status: 400 });
  });

  it('leaves out hidden deals and partners, and says new only of what matched after the last visit', async () => {
    const { deps: d } = deps(stored, {
      preferences: {
        resaleFeeBasisPoints: 0,
        shippingCents: 0,
        hides: [
          {
            id: 'h1',
            kind: 'partner',
            targetId: R2.userId,
            label: 'Sole Madrid',
            createdAt: NOW.toISOString(),
          },
          {
            id: 'h2',
            kind: 'deal',
            targetId: stored[2]!.dealId,
            label: 'Dunk',
            createdAt: NOW.toISOString(),
          },
        ],
      },
      badge: { newDeals: 0, lastSeenAt: '2026-11-28T08:30:00.000Z' },
    });
    const page = await listDeals(d, user(STORE.userId), {});
    expect(page.deals.map((x) => [x.theirs.id, x.isNew])).toEqual([['wts-cheap', true]]);
  });

  it('shows nothing while the caller is out of deals', async () => {
    const { deps: d } = deps(stored, { profile: { role: 'store', profileVisibleInDeals: false } });
    expect(await listDeals(d, user(STORE.userId), {})).toEqual({
      side: 'want',
      deals: [],
      cursor: null,
      brands: [],
      visible: false,
    });
    // A forged cursor is bad input there too (the route suite's bad-input check met this board).
    await expect(listDeals(d, user(STORE.userId), { cursor: 'nope' })).rejects.toMatchObject({ status: 400 });
  });

  it('nets a reseller’s shipping off their margin', async () => {
    const pair = dealsOfPair(sourceOf(wtb, STORE), sourceOf(cheap, R1), NOW.toISOString())!;
    const { deps: d } = deps([pair[1]], {
      profile: { role: 'reseller', profileVisibleInDeals: true },
      preferences: { resaleFeeBasisPoints: 0, shippingCents: 800, hides: [] },
    });
    const page = await listDeals(d, user(R1.userId), {});
    expect(page).toMatchObject({ side: 'have' });
    expect(page.deals[0]).toMatchObject({
      figures: { gap: -2000, readyToTrade: true, netMargin: 1200 },
      partnerFills: null,
      partner: { userId: STORE.userId, role: 'store' },
    });
  });

  it('answers the badge, and clears it on opening the board (the shared demo identity writes nothing)', async () => {
    const { deps: d, seen } = deps(stored);
    expect(await dealsBadge(d, user(STORE.userId))).toEqual({ newDeals: 3 });
    expect(await markDealsSeen(d, user('demo-store', true))).toEqual({ newDeals: 0 });
    expect(seen).toEqual([]);
    expect(await markDealsSeen(d, user(STORE.userId))).toEqual({ newDeals: 0 });
    expect(seen).toEqual([`${STORE.userId}@${NOW.toISOString()}`]);
    await expect(dealsBadge(d, { kind: 'anonymous' })).rejects.toMatchObject({ status: 401 });
  });
});
