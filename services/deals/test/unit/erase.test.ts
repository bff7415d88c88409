import { describe, expect, it } from 'vitest';
import { eraseAccountRows } from '@sneakers/shared/portability/owner';
import { applyMatchingRecords } from '../../src/matching/domain';
import { dealsEraser, type DealsEraseRepository } from '../../src/portability/domain';
import {
  item,
  itemKeyOf,
  itemRecord,
  matchingMemory,
  memoryDeps,
  memoryRepo,
  profile,
} from './matching-memory';

/**
 * A closed account's deals (docs/product/accounts.md#closing-the-account): its items are gone
 * (lists erased them), the matcher may not have seen those deletions yet, and the erase still
 * leaves no deal, index row or state of the account, on either side.
 */
const STORE = profile('store-1', 'store');
const RESELLER = profile('reseller-1', 'reseller');

function setUp() {
  const m = matchingMemory();
  m.profiles.set(STORE.userId, STORE);
  m.profiles.set(RESELLER.userId, RESELLER);
  const errors: unknown[] = [];
  const deps = memoryDeps(memoryRepo(m), errors);
  const settings = new Set([STORE.userId, RESELLER.userId]);
  const erase: DealsEraseRepository = {
    async deleteStates(userId, itemIds) {
      for (const id of itemIds) m.states.delete(`${userId}|${id}`);
    },
    async deleteDeals(userId, limit) {
      const rows = [...m.deals.values()].filter((d) => d.userId === userId).slice(0, limit);
      for (const d of rows) {
        m.deals.delete(`${d.userId}|${d.myItemId}|${d.theirItemId}`);
        m.deals.delete(`${d.partnerId}|${d.theirItemId}|${d.myItemId}`);
      }
      return rows.length;
    },
    async deleteSettings(userId) {
      const had = settings.delete(userId);
      m.badges.delete(userId);
      return had ? 1 : 0;
    },
  };
  const run = eraseAccountRows({ clock: deps.clock, eraser: dealsEraser({ ...deps, erase }) });
  return { m, deps, errors, settings, run };
}

const wtb = (id: string) =>
  item({
    userId: STORE.userId,
    id,
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

describe("deals' erase", () => {
  it("takes the account's items out of the matching before the matcher sees them go: no deal is left on either side", async () => {
    const { m, deps, errors, settings, run } = setUp();
    const items = [wtb('wtb-1'), wtb('wtb-2'), wts];
    for (const i of items) m.items.set(itemKeyOf(i), i);
    expect(
      await applyMatchingRecords(
        deps,
        items.map((i) => itemRecord(undefined, i)),
      ),
    ).toEqual([]);
    expect([...m.deals.values()].filter((d) => d.userId === RESELLER.userId)).toHaveLength(2);

    // Lists erased the store's items; their deletions have not reached the matcher.
    m.items.delete(itemKeyOf(wtb('wtb-1')));
    m.items.delete(itemKeyOf(wtb('wtb-2')));
    const answer = await run({ op: 'erase', userId: STORE.userId });
    expect(answer.done).toBe(true);
    expect(answer.deleted).toBeGreaterThanOrEqual(3);
    expect(errors).toEqual([]);

    expect([...m.deals.values()]).toEqual([]);
    expect([...m.states.keys()]).toEqual([`${RESELLER.userId}|wts-1`]);
    const indexed = [...m.index.values()].flatMap((rows) => [...rows.values()]);
    expect(indexed.map((source) => source.ownerId)).toEqual([RESELLER.userId]);
    expect(settings.has(STORE.userId)).toBe(false);
    expect(settings.has(RESELLER.userId)).toBe(true);

    // The deletions reaching the matcher afterwards change nothing.
    await applyMatchingRecords(deps, [itemRecord(wtb('wtb-1'), undefined)]);
    expect([...m.deals.values()]).toEqual([]);
    expect(await run({ op: 'erase', userId: STORE.userId })).toEqual({
      deleted: 0,
      anonymised: 0,
      done: true,
    });
  });
});
