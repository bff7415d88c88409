import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allMatches, applyMatchingRecords, dealIdOf, sourceOf } from '../../src/matching/domain';
import type { ItemFacts, OwnerProfile, StoredDeal } from '../../src/matching/ports';
import {
  item,
  itemKeyOf,
  itemRecord,
  matchingMemory,
  memoryDeps,
  memoryRepo,
  NOW,
  profile,
  profileRecord,
  type MatchingMemory,
} from './matching-memory';

const STORE = profile('store-1', 'store');
const RESELLER = profile('reseller-1', 'reseller');

function setUp() {
  const m = matchingMemory();
  m.profiles.set(STORE.userId, STORE);
  m.profiles.set(RESELLER.userId, RESELLER);
  const errors: unknown[] = [];
  const deps = memoryDeps(memoryRepo(m), errors);
  /** Writes (or deletes) items and profiles as their services would, and hands the matcher their records. */
  const apply = async (...changes: ({ item: ItemFacts; gone?: boolean } | { profile: OwnerProfile })[]) => {
    const records = changes.map((change) => {
      if ('profile' in change) {
        const before = m.profiles.get(change.profile.userId);
        m.profiles.set(change.profile.userId, change.profile);
        return profileRecord(before, change.profile);
      }
      const key = itemKeyOf(change.item);
      const before = m.items.get(key);
      if (change.gone) m.items.delete(key);
      else m.items.set(key, change.item);
      return itemRecord(before, change.gone ? undefined : change.item);
    });
    const failed = await applyMatchingRecords(deps, records);
    expect(errors).toEqual([]);
    expect(failed).toEqual([]);
    return records;
  };
  return { m, deps, apply };
}

const wtb = item({
  userId: STORE.userId,
  id: 'wtb-1',
  listType: 'wtb',
  sku: 'dd1391-100',
  sizes: ['US M 9'],
  targetPrice: 12000,
});
const wts = item({
  userId: RESELLER.userId,
  id: 'wts-1',
  listType: 'wts',
  sku: 'DD1391 100',
  sizes: ['EU 42.5'],
  desiredPrice: 11000,
});

const dealsOf = (m: MatchingMemory, userId: string) =>
  [...m.deals.values()].filter((d) => d.userId === userId);

describe('the matcher', () => {
  it("keeps a store's WTB in US M 9 and a reseller's WTS in EU 42.5 of one style written two ways as a deal for both", async () => {
    const { m, apply } = setUp();
    await apply({ item: wtb });
    expect(m.deals.size).toBe(0);
    await apply({ item: wts });

    const [mine] = dealsOf(m, STORE.userId);
    expect(mine).toMatchObject({
      dealId: dealIdOf('wtb-1', 'wts-1'),
      side: 'want',
      partnerId: RESELLER.userId,
      sizes: [{ mine: 'US M 9', theirs: 'EU 42.5' }],
    });
    expect(dealsOf(m, RESELLER.userId)).toEqual([
      expect.objectContaining({
        side: 'have',
        partnerId: STORE.userId,
        sizes: [{ mine: 'EU 42.5', theirs: 'US M 9' }],
      }),
    ]);
    expect(m.badges).toEqual(
      new Map([
        [STORE.userId, 1],
        [RESELLER.userId, 1],
      ]),
    );
    expect(m.matched).toEqual(
      expect.arrayContaining([
        { userId: STORE.userId, newDeals: 1 },
        { userId: RESELLER.userId, newDeals: 1 },
      ]),
    );
    expect(m.matched).toHaveLength(2);
    expect(new Set(m.changed)).toEqual(new Set([STORE.userId, RESELLER.userId]));
  });

  it('changes nothing when a record is delivered again', async () => {
    const { m, deps, apply } = setUp();
    await apply({ item: wtb });
    const records = await apply({ item: wts });
    const before = structuredClone({ deals: m.deals, index: m.index, states: m.states });
    m.changed.length = 0;

    expect(await applyMatchingRecords(deps, records)).toEqual([]);
    expect(await applyMatchingRecords(deps, [itemRecord(undefined, wtb)])).toEqual([]);

    expect({ deals: m.deals, index: m.index, states: m.states }).toEqual(before);
    expect(m.badges.get(STORE.userId)).toBe(1);
    expect(m.matched).toHaveLength(2);
    expect(m.changed).toEqual([]);
  });

  it('drops the deal for both when the pair is sold, and when the store leaves deals', async () => {
    const { m, apply } = setUp();
    await apply({ item: wtb }, { item: wts });
    expect(m.deals.size).toBe(2);
    await apply({ item: { ...wts, status: 'sold' } });
    expect(m.deals.size).toBe(0);
    expect(m.index.get('DEALIDX#live#have#sku:DD1391100')?.size ?? 0).toBe(0);

    await apply({ item: wts });
    expect(m.deals.size).toBe(2);
    await apply({ profile: { ...STORE, profileVisibleInDeals: false } });
    expect(m.deals.size).toBe(0);
    expect(m.states.has(`${STORE.userId}|wtb-1`)).toBe(false);
  });

  it('takes a gone deal off the badge while it counts it, not once the board was opened after it matched', async () => {
    const { m, apply } = setUp();
    await apply({ item: wtb }, { item: wts });
    // The store opened the board after this deal matched; a later deal counts 2 since.
    m.badges.set(STORE.userId, 2);
    m.seen.set(STORE.userId, new Date(NOW.getTime() + 60_000).toISOString());
    await apply({ item: { ...wts, status: 'sold' } });
    expect(m.deals.size).toBe(0);
    expect(m.badges.get(STORE.userId)).toBe(2);
    expect(m.badges.get(RESELLER.userId)).toBe(0);

    // Opened before it matched: the badge counts it, and it comes off when it goes.
    await apply({ item: wts });
    m.seen.set(STORE.userId, new Date(NOW.getTime() - 60_000).toISOString());
    expect(m.badges.get(STORE.userId)).toBe(3);
    await apply({ item: { ...wts, status: 'sold' } });
    expect(m.badges.get(STORE.userId)).toBe(2);
    expect(m.badges.get(RESELLER.userId)).toBe(0);
  });

  it('updates a deal in place when a price moves, keeping when it matched and counting nothing', async () => {
    const { m, apply } = setUp();
    await apply({ item: wtb }, { item: wts });
    const matchedAt = dealsOf(m, STORE.userId)[0]!.matchedAt;
    await apply({ item: { ...wts, desiredPrice: 9000 } });
    expect(dealsOf(m, STORE.userId)[0]).toMatchObject({ matchedAt, theirs: { price: 9000 } });
    expect(m.badges.get(STORE.userId)).toBe(1);
  });

  it('a partner renaming their business renames them on the other side', async () => {
    const { m, apply } = setUp();
    await apply({ item: wtb }, { item: wts });
    await apply({ profile: { ...RESELLER, businessName: 'Kicks BCN' } });
    expect(dealsOf(m, STORE.userId)[0]?.theirs.ownerName).toBe('Kicks BCN');
    // A change of a field deals never read re-matches nothing.
    expect(
      await applyMatchingRecords(memoryDeps(memoryRepo(m)), [profileRecord(RESELLER, RESELLER)]),
    ).toEqual([]);
  });

  it('matches demo data only with demo data, and announces no Deals.Matched for it', async () => {
    const { m, apply } = setUp();
    const demoStore = profile('demo-store', 'store');
    const demoReseller = profile('demo-reseller-1', 'reseller');
    await apply({ profile: demoStore }, { profile: demoReseller });
    await apply(
      { item: { ...wtb, userId: 'demo-store', id: 'demo-wtb' } },
      { item: { ...wts, userId: 'demo-reseller-1', id: 'demo-wts' } },
      { item: wts },
    );
    expect(dealsOf(m, 'demo-store').map((d) => d.theirItemId)).toEqual(['demo-wts']);
    expect(dealsOf(m, RESELLER.userId)).toEqual([]);
    expect(m.matched).toEqual([]);
    expect(m.badges.get('demo-store')).toBe(1);
  });

  it("reads an owner's deals once a batch, and item by item for an owner with more than a page of them", async () => {
    const m = matchingMemory();
    m.profiles.set(STORE.userId, STORE);
    m.profiles.set(RESELLER.userId, RESELLER);
    const repo = memoryRepo(m);
    const reads = { owner: 0, item: 0 };
    const deps = memoryDeps({
      ...repo,
      dealsOfOwner: (userId, max) => (reads.owner++, repo.dealsOfOwner(userId, max)),
      dealsOfItem: (userId, id) => (reads.item++, repo.dealsOfItem(userId, id)),
    });
    const put = async (...items: ItemFacts[]) => {
      const records = items.map((next) => {
        const before = m.items.get(itemKeyOf(next));
        m.items.set(itemKeyOf(next), next);
        return itemRecord(before, next);
      });
      Object.assign(reads, { owner: 0, item: 0 });
      expect(await applyMatchingRecords(deps, records)).toEqual([]);
    };
    // 101 WTB of the store, each wanting the reseller's one WTS: 101 deals on each side.
    const wtbs = Array.from({ length: 101 }, (_, i) => ({ ...wtb, id: `wtb-${String(i).padStart(3, '0')}` }));
    await put(wts, ...wtbs);
    expect(reads).toEqual({ owner: 2, item: 0 });
    expect(dealsOf(m, RESELLER.userId)).toHaveLength(101);

    await put({ ...wts, desiredPrice: 9000 });
    expect(reads).toEqual({ owner: 1, item: 1 });
    expect(dealsOf(m, STORE.userId).every((d) => d.theirs.price === 9000)).toBe(true);

    await put({ ...wts, status: 'sold' });
    expect(m.deals.size).toBe(0);

    // An import's private stock: one read of its owner's deals for the whole batch.
    await put(
      ...wtbs.map((w, i) =>
        item({
          userId: STORE.userId,
          id: `stock-${i}`,
          listType: 'inventory',
          sku: w.sku,
          visibility: 'private',
        }),
      ),
    );
    expect(reads).toEqual({ owner: 1, item: 0 });
  });

  it('never matches a user with themselves, nor a private item', async () => {
    const { m, apply } = setUp();
    await apply({ item: wtb }, { item: { ...wts, userId: STORE.userId } });
    await apply({ item: { ...wts, id: 'wts-2', visibility: 'private' } });
    expect(m.deals.size).toBe(0);
  });
});

// ---- Convergence ----

const USERS: OwnerProfile[] = [
  profile('store-a', 'store'),
  profile('store-b', 'store'),
  profile('reseller-a', 'reseller'),
  profile('reseller-b', 'reseller'),
  profile('demo-store', 'store'),
  profile('demo-reseller', 'reseller'),
];
/** Each id always belongs to one owner and list (both are part of an item's key). */
const ITEM_SLOTS = [
  { id: 'i0', userId: 'store-a', listType: 'wtb' },
  { id: 'i1', userId: 'store-a', listType: 'wtb' },
  { id: 'i2', userId: 'store-b', listType: 'wtb' },
  { id: 'i3', userId: 'reseller-a', listType: 'wts' },
  { id: 'i4', userId: 'reseller-a', listType: 'inventory' },
  { id: 'i5', userId: 'reseller-b', listType: 'wtc' },
  { id: 'i6', userId: 'reseller-b', listType: 'wts' },
  { id: 'i7', userId: 'demo-store', listType: 'wtb' },
  { id: 'i8', userId: 'demo-reseller', listType: 'wts' },
  { id: 'i9', userId: 'store-b', listType: 'wts' },
] as const;
const SKUS = ['DD1391-100', 'dd1391 100', 'DD1391100', 'CW2288-111', 'cw2288 111', 'x'];
const SIZES = ['US M 9', 'EU 42.5', 'UK 8', '42.5', 'US 10', 'EU 44', 'US M 10', 'BULK', 'US 9', 'EU 42 2/3'];

const itemArb = fc.record({
  slot: fc.integer({ min: 0, max: ITEM_SLOTS.length - 1 }),
  sku: fc.constantFrom(...SKUS),
  catalog: fc.constantFrom(null, 'prod-1', 'prod-2'),
  brand: fc.constantFrom('Nike', 'adidas'),
  sizes: fc.array(fc.constantFrom(...SIZES), { minLength: 0, maxLength: 4 }),
  isBulk: fc.boolean(),
  status: fc.constantFrom('pending', 'available', 'sold'),
  visibility: fc.constantFrom('public', 'public', 'private'),
  price: fc.option(fc.integer({ min: 5000, max: 20000 }), { nil: null }),
});
const opArb = fc.oneof(
  { weight: 6, arbitrary: itemArb.map((v) => ({ kind: 'put' as const, ...v })) },
  {
    weight: 1,
    arbitrary: fc
      .integer({ min: 0, max: ITEM_SLOTS.length - 1 })
      .map((slot) => ({ kind: 'delete' as const, slot })),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('profile' as const),
      user: fc.integer({ min: 0, max: USERS.length - 1 }),
      visible: fc.boolean(),
      lists: fc.boolean(),
      name: fc.constantFrom('A', 'B'),
    }),
  },
);
type Op = typeof opArb extends fc.Arbitrary<infer T> ? T : never;

const withoutMatchedAt = (deals: Iterable<StoredDeal>) =>
  [...deals]
    .map((d) => ({ ...d, matchedAt: '' }))
    .sort((a, b) => (a.dealId + a.userId < b.dealId + b.userId ? -1 : 1));

describe('the stored deals', () => {
  it('equal the deals computed from scratch after any history, replays included', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(opArb, { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 8 }),
        fc.array(fc.nat(), { maxLength: 3 }),
        async (batches, replays) => {
          const m = matchingMemory();
          for (const user of USERS) m.profiles.set(user.userId, user);
          const errors: unknown[] = [];
          const deps = memoryDeps(memoryRepo(m), errors);
          const delivered: { oldImage?: Record<string, unknown>; newImage?: Record<string, unknown> }[][] =
            [];
          for (const batch of batches) {
            const records = batch.map((op: Op): (typeof delivered)[number][number] => {
              if (op.kind === 'profile') {
                const before = m.profiles.get(USERS[op.user]!.userId)!;
                const after = {
                  ...before,
                  profileVisibleInDeals: op.visible,
                  publicWtbList: op.lists,
                  publicInventory: op.lists,
                  businessName: op.name,
                };
                m.profiles.set(after.userId, after);
                return profileRecord(before, after);
              }
              const slot = ITEM_SLOTS[op.slot]!;
              const key = itemKeyOf(slot);
              const before = m.items.get(key);
              if (op.kind === 'delete') {
                m.items.delete(key);
                return itemRecord(before, undefined);
              }
              const after = item({
                ...slot,
                sku: op.sku,
                productCatalogId: op.catalog,
                brand: op.brand,
                sizes: op.sizes,
                isBulk: op.isBulk,
                status: op.status,
                visibility: op.visibility,
                targetPrice: op.price,
                desiredPrice: op.price,
                askingPrice: op.price,
              });
              m.items.set(key, after);
              return itemRecord(before, after);
            });
            delivered.push(records);
            expect(await applyMatchingRecords(deps, records)).toEqual([]);
            // At-least-once: an earlier batch delivered again.
            for (const replay of replays.splice(0, 1))
              expect(await applyMatchingRecords(deps, delivered[replay % delivered.length]!)).toEqual([]);
          }
          expect(errors).toEqual([]);
          const sources = [...m.items.values()].map((i) => sourceOf(i, m.profiles.get(i.userId) ?? null));
          expect(withoutMatchedAt(m.deals.values())).toEqual(withoutMatchedAt(allMatches(sources).values()));
          // Every stored deal was counted once on its user's badge.
          const counted = [...m.badges.values()].reduce((a, b) => a + b, 0);
          expect(counted).toBeGreaterThanOrEqual(m.deals.size);
        },
      ),
      { numRuns: 300 },
    );
  });
});
