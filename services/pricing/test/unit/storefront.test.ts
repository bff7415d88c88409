import { describe, expect, it } from 'vitest';
import { applyRun, listItemHistory, listRunRows, previewStrategy, undoRun } from '../../src/runs/domain';
import { createStrategy } from '../../src/strategies/domain';
import { memoryDeps } from './memory';
import { A, headers, item, marketAt, strategyInput } from './support';

const NOW = '2026-11-22T10:00:00.000Z';
const SET_AT = '2026-11-10T10:00:00.000Z';

describe('pricing runs with the online store as the target', () => {
  it("prices the storefront's own price (else the list price), applies it there, undoes it, leaves list prices", async () => {
    const mem = memoryDeps(NOW);
    mem.putItem(
      item('user-a', 'own', {
        listType: 'inventory',
        price: 25_000,
        storefrontPrice: 24_000,
        storefrontUpdatedAt: SET_AT,
      }),
    );
    mem.putItem(item('user-a', 'list', { listType: 'wts', price: 26_000 }));
    mem.putItem(
      item('user-a', 'moved', {
        listType: 'inventory',
        price: 25_000,
        storefrontPrice: 23_000,
        storefrontUpdatedAt: SET_AT,
      }),
    );
    mem.putItem(item('user-a', 'clear', { listType: 'wtc', price: 20_000 }));
    for (const id of ['own', 'list', 'moved', 'clear']) mem.market.set(id, marketAt(22_000));
    const { strategy } = await createStrategy(
      mem.strategiesDeps,
      A,
      headers('s'),
      strategyInput({
        target: 'storefront',
        selection: { listTypes: ['inventory', 'wts', 'wtc'], brands: [], itemIds: [] },
      }),
    );
    const run = await previewStrategy(mem.runsDeps, A, strategy.id);
    const { items: rows } = await listRunRows(mem.runsDeps, A, run.id, {});
    // The online store sells inventory and WTS only.
    expect(rows.map((r) => [r.itemId, r.currentPrice, r.newPrice]).sort()).toEqual([
      ['list', 26_000, 21_500],
      ['moved', 23_000, 21_500],
      ['own', 24_000, 21_500],
    ]);

    // The store set another online price meanwhile: left alone.
    const moved = mem.item('user-a', 'moved');
    if (moved)
      mem.putItem({ ...moved, storefrontPrice: 22_900, storefrontUpdatedAt: '2026-11-22T10:00:00.500Z' });
    mem.clock.advance(1_000);
    const { run: applied, skipped } = await applyRun(mem.runsDeps, A, headers('a'), run.id, {
      all: true,
      except: [],
    });
    expect(skipped).toEqual([{ itemId: 'moved', reason: 'changed_since_preview' }]);
    expect(applied.counts).toMatchObject({ applied: 2, skipped: 1 });
    expect(mem.item('user-a', 'own')).toMatchObject({ price: 25_000, storefrontPrice: 21_500 });
    expect(mem.item('user-a', 'list')).toMatchObject({ price: 26_000, storefrontPrice: 21_500 });
    expect(mem.item('user-a', 'moved')?.storefrontPrice).toBe(22_900);
    expect((await listItemHistory(mem.runsDeps, A, 'list', {})).items[0]).toMatchObject({
      before: 26_000,
      after: 21_500,
    });

    mem.clock.advance(1_000);
    const { run: undone } = await undoRun(mem.runsDeps, A, headers('u'), run.id);
    expect(undone.counts.undone).toBe(2);
    // Back to the store's own price, or to none (the list price again).
    expect(mem.item('user-a', 'own')).toMatchObject({ price: 25_000, storefrontPrice: 24_000 });
    expect(mem.item('user-a', 'list')).toMatchObject({ price: 26_000, storefrontPrice: null });
  });
});
