import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { dealsBadge, listDeals, markDealsSeen } from '@sneakers/shared/contracts/deals';
import { createItem, updateItem } from '@sneakers/shared/contracts/lists';
import { createMyProfile, updateMyProfile } from '@sneakers/shared/contracts/profiles';
import { createRealtimeTicket } from '@sneakers/shared/contracts/realtime';
import { storeUser } from '../../../../tests/support/accounts';
import { api, newUser, openSocket, poll } from '../../../../tests/support/cloud-client';
import { countRequests } from '../../../../tests/support/count-requests';
import { db, table } from '../../../../tests/support/local-table';
import { listDeals as listDealsUseCase } from '../../src/board/domain';
import { createBoardRepository } from '../../src/board/repository';
import { dealsOfPair } from '../../src/matching/domain';
import type { DealSource } from '../../src/matching/ports';
import { createMatchingRepository } from '../../src/matching/repository';

/**
 * The matcher and the board against the local cloud: items written through the lists API
 * reach the deals by the table's stream, both users' boards and badges follow, and each
 * user's open tabs hear the push.
 */

async function resellerUser(businessName: string) {
  const user = await newUser();
  const { call } = api(user.token);
  const { profile } = await call(createMyProfile, {
    body: {
      role: 'reseller',
      businessName,
      contactEmail: `reseller-${randomUUID()}@example.com`,
      phone: '+34 600123456',
      location: 'Barcelona',
      preferredContact: 'email',
      currency: 'EUR',
      language: 'en',
      publicWtbList: false,
      publicWtsList: true,
    },
  });
  return { ...user, userId: profile.userId, call };
}

type Caller = Awaited<ReturnType<typeof resellerUser>>;

/** A socket subscribed to the caller's topics, and a wait for the deals push. */
async function dealsPushes(user: Caller) {
  const socket = await openSocket();
  const subscribed = socket.waitFor((f) => JSON.stringify(f) === '{"type":"subscribed"}');
  socket.send({ action: 'subscribe', ticket: (await user.call(createRealtimeTicket)).ticket });
  await subscribed;
  const push = { type: 'invalidate', topic: 'deals', keys: ['deals'] };
  return {
    next: () => socket.waitFor((f) => JSON.stringify(f) === JSON.stringify(push), 20_000),
    close: socket.close,
  };
}

const board = (user: Caller) => user.call(listDeals, { query: {} });
const boardHas = (n: number) => (b: Awaited<ReturnType<typeof board>>) => b.deals.length === n;

describe('the deals board, kept from the stream', () => {
  it('shows a WTB in US M 9 and a WTS in EU 42.5 of one style written two ways to both, and follows the sale and the opt-out', async () => {
    const store = await storeUser('Kicks Store', { publicWtbList: true });
    const reseller = await resellerUser('Kicks BCN');
    const stranger = await resellerUser('Someone Else');
    const [storePushes, resellerPushes] = await Promise.all([dealsPushes(store), dealsPushes(reseller)]);
    try {
      await store.call(createItem, {
        body: {
          listType: 'wtb',
          sku: 'DD1391 100',
          name: 'Dunk Low Panda',
          brand: 'Nike',
          sizes: ['US M 9'],
          targetPrice: 12000,
          visibility: 'public',
        },
      });
      const storePushed = storePushes.next();
      const resellerPushed = resellerPushes.next();
      const { item: wts } = await reseller.call(createItem, {
        body: {
          listType: 'wts',
          sku: 'dd1391-100',
          name: 'Nike Dunk Low Retro White Black',
          brand: 'Nike',
          sizes: ['EU 42.5'],
          desiredPrice: 11000,
          purchasePrice: 7000,
          notes: 'bought at the outlet',
          source: 'outlet',
          visibility: 'public',
        },
      });

      const storeBoard = await poll(() => board(store), boardHas(1));
      expect(storeBoard).toMatchObject({ side: 'want', visible: true, brands: ['Nike'] });
      expect(storeBoard.deals[0]).toMatchObject({
        sizes: [{ mine: 'US M 9', theirs: 'EU 42.5' }],
        mine: { listType: 'wtb', price: 12000 },
        theirs: { id: wts.id, listType: 'wts', price: 11000 },
        figures: { gap: -1000, readyToTrade: true, netMargin: 1000 },
        partnerFills: { filled: 1, of: 1 },
        partner: {
          userId: reseller.userId,
          businessName: 'Kicks BCN',
          role: 'reseller',
          location: 'Barcelona',
        },
        isNew: true,
      });
      // Only what the reseller's public list shows.
      expect(JSON.stringify(storeBoard)).not.toMatch(/outlet|7000|purchase/i);

      const resellerBoard = await poll(() => board(reseller), boardHas(1));
      expect(resellerBoard).toMatchObject({ side: 'have' });
      expect(resellerBoard.deals[0]).toMatchObject({
        sizes: [{ mine: 'EU 42.5', theirs: 'US M 9' }],
        partner: { userId: store.userId, businessName: 'Kicks Store' },
        partnerFills: null,
      });
      await Promise.all([storePushed, resellerPushed]);
      expect(await store.call(dealsBadge)).toEqual({ newDeals: 1 });
      expect(await reseller.call(dealsBadge)).toEqual({ newDeals: 1 });

      // Tenancy: nothing of theirs reaches a third user.
      expect(await board(stranger)).toMatchObject({ deals: [], brands: [] });
      expect(await stranger.call(dealsBadge)).toEqual({ newDeals: 0 });

      // Opening the board clears the badge; the deal is no longer new.
      expect(await store.call(markDealsSeen)).toEqual({ newDeals: 0 });
      expect(await store.call(dealsBadge)).toEqual({ newDeals: 0 });
      expect((await board(store)).deals[0]?.isNew).toBe(false);

      // Size filter in another system, brand filter.
      expect((await store.call(listDeals, { query: { size: '42.5' } })).deals).toHaveLength(1);
      expect((await store.call(listDeals, { query: { size: 'US M 10' } })).deals).toHaveLength(0);
      expect((await store.call(listDeals, { query: { brand: 'adidas' } })).deals).toHaveLength(0);

      // The reseller sells the pair: gone for both.
      await reseller.call(updateItem, { params: { itemId: wts.id }, body: { status: 'sold' } });
      expect((await poll(() => board(store), boardHas(0))).deals).toEqual([]);
      expect((await poll(() => board(reseller), boardHas(0))).deals).toEqual([]);
      // The reseller never opened the board: the gone deal comes off its badge too.
      expect(
        await poll(
          () => reseller.call(dealsBadge),
          (b) => b.newDeals === 0,
        ),
      ).toEqual({ newDeals: 0 });
      expect(await store.call(dealsBadge)).toEqual({ newDeals: 0 });

      // Listed again, then the store leaves deals: its WTB leaves the reseller's board.
      await reseller.call(updateItem, { params: { itemId: wts.id }, body: { status: 'pending' } });
      await poll(() => board(reseller), boardHas(1));
      await store.call(updateMyProfile, { body: { profileVisibleInDeals: false } });
      expect((await poll(() => board(reseller), boardHas(0))).deals).toEqual([]);
      expect(await board(store)).toMatchObject({ deals: [], visible: false });
    } finally {
      storePushes.close();
      resellerPushes.close();
    }
  });
});

describe('the board’s first page', () => {
  it('costs one Query and one BatchGetItem, however many partners it shows', async () => {
    const store = await storeUser('Counted Store', { publicWtbList: true });
    const source = (over: Partial<DealSource>): DealSource => ({
      id: 'x',
      ownerId: store.userId,
      role: 'store',
      listType: 'wtb',
      productCatalogId: null,
      sku: 'DD1391-100',
      brand: 'Nike',
      gender: null,
      sizes: ['US M 9'],
      isBulk: false,
      price: 12000,
      currency: 'EUR',
      updatedAt: new Date().toISOString(),
      participates: true,
      demo: false,
      name: 'Dunk Low Panda',
      imageUrl: null,
      ownerName: 'Counted Store',
      ownerLocation: 'Madrid',
      ...over,
    });
    const want = source({ id: `wtb-${randomUUID()}` });
    const deals = Array.from({ length: 40 }, (_, i) => {
      const have = source({
        id: `wts-${i}-${randomUUID()}`,
        ownerId: `partner-${i % 12}`,
        role: 'reseller',
        listType: 'wts',
        sizes: ['EU 42.5'],
        price: 10000 + i * 100,
      });
      return dealsOfPair(want, have, new Date().toISOString())![0];
    });
    await createMatchingRepository(db(), table).writeDeals(deals, []);

    const client = db();
    const requests = countRequests(client);
    const page = await listDealsUseCase(
      { repo: createBoardRepository(client, table), clock: { now: () => new Date() } },
      { kind: 'user', userId: store.userId, isSuperuser: false, isDemo: false },
      {},
    );
    expect(page.deals).toHaveLength(25);
    expect(page.cursor).toBe('25');
    expect(requests).toEqual(['QueryCommand', 'BatchGetItemCommand']);
  });

  it('creates what a twin batch has not created yet, counting each deal once', async () => {
    const userId = `twin-${randomUUID()}`;
    const base = {
      ownerId: userId,
      role: 'store' as const,
      listType: 'wtb' as const,
      productCatalogId: null,
      sku: 'DD1391-100',
      brand: 'Nike',
      gender: null,
      sizes: ['US M 9'],
      isBulk: false,
      price: 12000,
      currency: 'EUR' as const,
      updatedAt: new Date().toISOString(),
      participates: true,
      demo: false,
      name: 'Dunk Low Panda',
      imageUrl: null,
      ownerName: 'Twin Store',
      ownerLocation: 'Madrid',
    };
    const want: DealSource = { ...base, id: `wtb-${randomUUID()}` };
    const deals = [0, 1, 2].map((i) => {
      const have: DealSource = {
        ...base,
        id: `wts-${i}-${randomUUID()}`,
        ownerId: `partner-${i}`,
        role: 'reseller',
        listType: 'wts',
        sizes: ['EU 42.5'],
      };
      return dealsOfPair(want, have, new Date().toISOString())![0];
    });
    const repo = createMatchingRepository(db(), table);
    let n = 0;
    const ids = () => `twin-event-${userId}-${++n}`;
    const at = new Date().toISOString();
    // The twin (a timed-out invocation still running) created the middle one first.
    await repo.createDeals({ userId, created: [deals[1]!], matched: true }, ids, at);
    await repo.createDeals({ userId, created: deals, matched: true }, ids, at);

    expect((await repo.dealsByKey(deals)).map((d) => d.theirItemId).sort()).toEqual(
      deals.map((d) => d.theirItemId).sort(),
    );
    const badge = await createBoardRepository(db(), table).badge(userId);
    expect(badge).toMatchObject({ newDeals: 3 });
  });
});
