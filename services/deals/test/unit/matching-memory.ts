import { dealKeyString } from '../../src/matching/domain';
import type {
  DealSource,
  ItemFacts,
  MatchingDeps,
  MatchingRepository,
  OwnerProfile,
  StoredDeal,
} from '../../src/matching/ports';

/** The table as the matcher sees it, in memory: what the repository reads and writes. */
export interface MatchingMemory {
  /** By `userId|listType|id`. */
  items: Map<string, ItemFacts>;
  profiles: Map<string, OwnerProfile>;
  /** By `userId|itemId`. */
  states: Map<string, { listType: ItemFacts['listType']; source: DealSource }>;
  /** pk → sk → item. */
  index: Map<string, Map<string, DealSource>>;
  /** By `userId|myItemId|theirItemId`. */
  deals: Map<string, StoredDeal>;
  badges: Map<string, number>;
  /** When each user last opened the board (the badge row's `lastSeenAt`). */
  seen: Map<string, string>;
  matched: { userId: string; newDeals: number }[];
  changed: string[];
}

export function matchingMemory(): MatchingMemory {
  return {
    items: new Map(),
    profiles: new Map(),
    states: new Map(),
    index: new Map(),
    deals: new Map(),
    badges: new Map(),
    seen: new Map(),
    matched: [],
    changed: [],
  };
}

export const itemKeyOf = (item: Pick<ItemFacts, 'userId' | 'listType' | 'id'>) =>
  `${item.userId}|${item.listType}|${item.id}`;

const clone = <T>(value: T): T => structuredClone(value);

export function memoryRepo(m: MatchingMemory): MatchingRepository {
  return {
    items: async (keys) => keys.map((key) => clone(m.items.get(itemKeyOf(key)) ?? null)),
    itemsOf: async (userId) => [...m.items.values()].filter((i) => i.userId === userId).map(clone),
    profile: async (userId) => clone(m.profiles.get(userId) ?? null),
    states: async (keys) => keys.map((key) => clone(m.states.get(`${key.userId}|${key.id}`)?.source ?? null)),
    statesOf: async (userId) =>
      [...m.states.entries()]
        .filter(([key]) => key.startsWith(`${userId}|`))
        .map(([key, { listType }]) => ({ userId, listType, id: key.slice(userId.length + 1) })),
    putState: async (key, source) => {
      if (source) m.states.set(`${key.userId}|${key.id}`, { listType: key.listType, source: clone(source) });
      else m.states.delete(`${key.userId}|${key.id}`);
    },
    writeIndex: async (put, remove) => {
      for (const row of remove) m.index.get(row.pk)?.delete(row.sk);
      for (const row of put) {
        const partition = m.index.get(row.pk) ?? new Map<string, DealSource>();
        partition.set(row.sk, clone(row.source));
        m.index.set(row.pk, partition);
      }
    },
    candidates: async ({ pk, skPrefix }) =>
      [...(m.index.get(pk) ?? new Map<string, DealSource>()).entries()]
        .filter(([sk]) => !skPrefix || sk.startsWith(skPrefix))
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .map(([, source]) => clone(source)),
    dealsOfItem: async (userId, myItemId) =>
      [...m.deals.values()].filter((d) => d.userId === userId && d.myItemId.startsWith(myItemId)).map(clone),
    dealsOfOwner: async (userId, max) => {
      const found = [...m.deals.values()].filter((d) => d.userId === userId);
      return found.length <= max ? found.map(clone) : null;
    },
    dealsByKey: async (keys) =>
      keys.flatMap((key) => {
        const found = m.deals.get(dealKeyString(key));
        return found ? [clone(found)] : [];
      }),
    writeDeals: async (put, remove) => {
      for (const key of remove) m.deals.delete(dealKeyString(key));
      for (const deal of put) m.deals.set(dealKeyString(deal), clone(deal));
    },
    createDeals: async ({ userId, created, matched }) => {
      for (const deal of created) {
        if (m.deals.has(dealKeyString(deal))) throw new Error('exists');
      }
      for (const deal of created) m.deals.set(dealKeyString(deal), clone(deal));
      m.badges.set(userId, (m.badges.get(userId) ?? 0) + created.length);
      if (matched) m.matched.push({ userId, newDeals: created.length });
      m.changed.push(userId);
    },
    announceChanged: async (userId) => {
      m.changed.push(userId);
    },
    badgeOf: async (userId) => {
      const newDeals = m.badges.get(userId);
      return newDeals === undefined ? null : { newDeals, lastSeenAt: m.seen.get(userId) ?? null };
    },
    lowerBadge: async (userId, by, lastSeenAt) => {
      const newDeals = m.badges.get(userId) ?? 0;
      if (newDeals < by || (m.seen.get(userId) ?? null) !== lastSeenAt) return;
      m.badges.set(userId, newDeals - by);
    },
  };
}

export const NOW = new Date('2026-11-28T10:00:00.000Z');

export function memoryDeps(repo: MatchingRepository, errors: unknown[] = []): MatchingDeps {
  let n = 0;
  return {
    repo,
    clock: { now: () => NOW },
    ids: { next: () => `id-${++n}` },
    onError: (error) => errors.push(error),
  };
}

export function profile(userId: string, role: OwnerProfile['role'], over: Partial<OwnerProfile> = {}) {
  return {
    userId,
    role,
    businessName: `${userId} shop`,
    location: 'Madrid',
    profileVisibleInDeals: true,
    publicInventory: true,
    publicWtbList: true,
    publicWtsList: true,
    publicWtcList: true,
    ...over,
  } satisfies OwnerProfile;
}

export function item(over: Partial<ItemFacts> & Pick<ItemFacts, 'userId' | 'id' | 'listType'>): ItemFacts {
  return {
    status: over.listType === 'inventory' ? 'available' : 'pending',
    visibility: 'public',
    isBulk: false,
    productCatalogId: null,
    sku: 'DD1391-100',
    name: 'Dunk Low Panda',
    brand: 'Nike',
    imageUrl: null,
    sizes: ['US M 9'],
    targetPrice: null,
    desiredPrice: null,
    askingPrice: null,
    currency: 'EUR',
    updatedAt: NOW.toISOString(),
    ...over,
  };
}

/** A stream record of an item's change, as the table streams it. */
export const itemRecord = (before: ItemFacts | undefined, after: ItemFacts | undefined) => ({
  oldImage: before && { ...before, __edb_e__: 'sneakerItem' },
  newImage: after && { ...after, __edb_e__: 'sneakerItem' },
});

export const profileRecord = (before: OwnerProfile | undefined, after: OwnerProfile | undefined) => ({
  oldImage: before && { ...before, __edb_e__: 'userProfile' },
  newImage: after && { ...after, __edb_e__: 'userProfile' },
});
