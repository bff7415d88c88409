import { describe, expect, it } from 'vitest';
import { PRICING_PREVIEW_TTL_MS } from '@sneakers/shared/contracts/pricing';
import { PRICING_PREVIEW_MARKET_BUDGET_MS, priceFor } from '@sneakers/shared/rules/pricing';
import { createStrategy } from '../../src/strategies/domain';
import {
  applyRun,
  getRun,
  listItemHistory,
  listRunRows,
  listRuns,
  previewStrategy,
  undoRun,
} from '../../src/runs/domain';
import { ROWS_PER_CHUNK } from '../../src/runs/run-rows-entity';
import { memoryDeps } from './memory';
import { A, B, beatByFive, code, headers, item, marketAt, strategyInput, user } from './support';

const NOW = '2026-11-22T10:00:00.000Z';

async function world(count = 4) {
  const mem = memoryDeps(NOW);
  for (let i = 0; i < count; i++) {
    mem.putItem(item('user-a', `item-${i}`, { price: 25_000 + i * 100, cost: 15_000 }));
    mem.market.set(`item-${i}`, marketAt(22_000 + i * 1_000));
  }
  const { strategy } = await createStrategy(mem.strategiesDeps, A, headers('s'), strategyInput());
  return { ...mem, strategy };
}

describe('pricing runs: preview', () => {
  it('refreshes within PRICING_PREVIEW_MARKET_BUDGET_MS and flags the rows whose market data is still pending', async () => {
    const mem = await world(2);
    // item-1's product was due and not reached: its older data prices it, flagged pending.
    mem.market.set('item-1', { ...marketAt(23_000, '2026-11-22T08:00:00.000Z'), pending: true });
    mem.putItem(item('user-a', 'item-cold', { price: 30_000 }));
    mem.market.set('item-cold', { market: null, network: null, pending: true });
    const run = await previewStrategy(mem.runsDeps, A, mem.strategy.id);
    expect(mem.marketCalls[0]?.budgetMs).toBe(PRICING_PREVIEW_MARKET_BUDGET_MS);
    expect(run.marketPending).toBe(2);
    const byId = new Map(
      (await listRunRows(mem.runsDeps, A, run.id, { limit: 100 })).items.map((r) => [r.itemId, r]),
    );
    expect(byId.get('item-0')?.warnings).not.toContain('market_data_pending');
    expect(byId.get('item-1')).toMatchObject({ newPrice: 22_500, changed: true });
    expect(byId.get('item-1')?.warnings).toContain('market_data_pending');
    expect(byId.get('item-cold')?.warnings).toEqual(
      expect.arrayContaining(['no_market_data', 'market_data_pending']),
    );
    expect((await getRun(mem.runsDeps, A, run.id)).marketPending).toBe(2);
  });

  it('prices each selected item with the engine and stores the rows with counts', async () => {
    const mem = await world();
    mem.putItem(item('user-a', 'sold', { status: 'sold' }));
    mem.putItem(item('user-a', 'inv', { listType: 'inventory' }));
    mem.putItem(item('user-b', 'theirs'));
    // No market data: kept, flagged. Old market data: flagged stale.
    mem.putItem(item('user-a', 'item-nodata', { price: 30_000 }));
    mem.market.set('item-1', marketAt(23_000, '2026-11-20T09:00:00.000Z'));
    // Cost 20,000: the floor (22,000) wins over 22,000 − 500.
    mem.putItem(item('user-a', 'item-floor', { cost: 20_000 }));
    mem.market.set('item-floor', marketAt(22_000));

    const run = await previewStrategy(mem.runsDeps, A, mem.strategy.id);
    expect(run).toMatchObject({
      status: 'previewed',
      trigger: 'manual',
      createdBy: 'user-a',
      strategyName: 'Beat by five',
    });
    expect(mem.marketCalls[0]?.itemIds.sort()).toEqual([
      'item-0',
      'item-1',
      'item-2',
      'item-3',
      'item-floor',
      'item-nodata',
    ]);

    const { items: rows } = await listRunRows(mem.runsDeps, A, run.id, { limit: 100 });
    expect(rows).toHaveLength(6);
    for (const row of rows) {
      const stored = mem.item('user-a', row.itemId);
      const expected = priceFor(beatByFive, {
        currentPrice: stored?.price ?? null,
        cost: stored?.cost ?? null,
        ...(mem.market.get(row.itemId) ?? { market: null, network: null }),
        now: NOW,
      });
      expect(row).toMatchObject({
        newPrice: expected.price,
        decidedBy: expected.decidedBy,
        warnings: expected.warnings,
        state: expected.changed ? 'pending' : 'unchanged',
      });
    }
    const byId = new Map(rows.map((r) => [r.itemId, r]));
    expect(byId.get('item-0')).toMatchObject({
      currentPrice: 25_000,
      newPrice: 21_500,
      changed: true,
      decidedBy: 'rule',
    });
    expect(byId.get('item-0')?.input).toEqual({ name: 'lowest_ask', value: 22_000 });
    expect(byId.get('item-floor')).toMatchObject({
      newPrice: 22_000,
      decidedBy: 'floor',
      warnings: ['hit_floor'],
    });
    expect(byId.get('item-nodata')).toMatchObject({
      changed: false,
      state: 'unchanged',
      warnings: ['no_market_data'],
    });
    expect(byId.get('item-1')?.warnings).toContain('stale_market_data');
    expect(run.counts).toEqual({ items: 6, changes: 5, warnings: 3, applied: 0, skipped: 0, undone: 0 });
    expect(mem.strategies.get(`user-a#${mem.strategy.id}`)?.lastRunAt).toBe(NOW);
  });

  it('answers 422 NO_ITEMS when nothing matches, 404 for another user, 403 in demo', async () => {
    const mem = memoryDeps(NOW);
    mem.putItem(item('user-b', 'theirs'));
    const { strategy } = await createStrategy(mem.strategiesDeps, A, headers('s'), strategyInput());
    expect(await code(previewStrategy(mem.runsDeps, A, strategy.id))).toEqual([422, 'NO_ITEMS']);
    expect(await code(previewStrategy(mem.runsDeps, B, strategy.id))).toEqual([404, 'STRATEGY_NOT_FOUND']);
    expect(await code(previewStrategy(mem.runsDeps, user('user-a', true), strategy.id))).toEqual([
      403,
      'DEMO_MODE',
    ]);
  });

  it('narrows to brands (any case) and single items', async () => {
    const mem = memoryDeps(NOW);
    mem.putItem(item('user-a', 'j1', { brand: 'Jordan' }));
    mem.putItem(item('user-a', 'n1', { brand: 'Nike' }));
    mem.putItem(item('user-a', 'n2', { brand: 'Nike' }));
    const { strategy } = await createStrategy(
      mem.strategiesDeps,
      A,
      headers('s'),
      strategyInput({ selection: { listTypes: ['wts'], brands: ['nike'], itemIds: [] } }),
    );
    const run = await previewStrategy(mem.runsDeps, A, strategy.id);
    expect(run.counts.items).toBe(2);
    const { strategy: one } = await createStrategy(
      mem.strategiesDeps,
      A,
      headers('o'),
      strategyInput({ selection: { listTypes: ['wts'], brands: [], itemIds: ['n2'] } }),
    );
    expect((await previewStrategy(mem.runsDeps, A, one.id)).counts.items).toBe(1);
  });

  it('pages rows by filter with server cursors, refusing a forged one', async () => {
    const mem = await world(5);
    mem.putItem(item('user-a', 'item-nodata'));
    const run = await previewStrategy(mem.runsDeps, A, mem.strategy.id);
    const first = await listRunRows(mem.runsDeps, A, run.id, { filter: 'changes', limit: 3 });
    expect(first.items).toHaveLength(3);
    const second = await listRunRows(mem.runsDeps, A, run.id, {
      filter: 'changes',
      limit: 3,
      cursor: first.cursor ?? undefined,
    });
    expect(second.items).toHaveLength(2);
    expect(second.cursor).toBeNull();
    expect(
      (await listRunRows(mem.runsDeps, A, run.id, { filter: 'warnings' })).items.map((r) => r.itemId),
    ).toEqual(['item-nodata']);
    expect(await code(listRunRows(mem.runsDeps, A, run.id, { cursor: 'bm9wZQ' }))).toEqual([
      400,
      'VALIDATION_FAILED',
    ]);
    expect(await code(listRunRows(mem.runsDeps, B, run.id, {}))).toEqual([404, 'RUN_NOT_FOUND']);
    expect(await code(getRun(mem.runsDeps, B, run.id))).toEqual([404, 'RUN_NOT_FOUND']);
    expect((await listRuns(mem.runsDeps, B, {})).items).toEqual([]);
    expect((await listRuns(mem.runsDeps, A, { strategyId: mem.strategy.id })).items).toHaveLength(1);
  });
});

describe('pricing runs: rows pages read by chunk', () => {
  it('reads only the chunks a page needs, from the cursor’s position, and keeps the filters', async () => {
    const total = 2 * ROWS_PER_CHUNK + 100;
    const mem = memoryDeps(NOW);
    for (let i = 0; i < total; i++) {
      const id = `item-${String(i).padStart(4, '0')}`;
      mem.putItem(item('user-a', id, { name: `Jordan 1 ${id}` }));
      // Every third item has no market data: kept (no change) and flagged.
      if (i % 3 !== 0) mem.market.set(id, marketAt(22_000));
    }
    const { strategy } = await createStrategy(mem.strategiesDeps, A, headers('s'), strategyInput());
    const run = await previewStrategy(mem.runsDeps, A, strategy.id);
    const reads = async <T>(work: () => Promise<T>) => {
      const before = mem.chunkReads.count;
      const result = await work();
      return { result, reads: mem.chunkReads.count - before };
    };

    // The first page of a 3-chunk run: the first chunk alone.
    const first = await reads(() => listRunRows(mem.runsDeps, A, run.id, { limit: 50 }));
    expect(first.reads).toBe(1);
    expect(first.result.items).toHaveLength(50);

    // Every page of 200: each reads the chunks it spans, and together they are every row once.
    const seen: string[] = [];
    const perPage: number[] = [];
    let cursor: string | undefined;
    do {
      const page = await reads(() => listRunRows(mem.runsDeps, A, run.id, { limit: 200, cursor }));
      perPage.push(page.reads);
      seen.push(...page.result.items.map((r) => r.itemId));
      cursor = page.result.cursor ?? undefined;
    } while (cursor);
    expect(perPage).toEqual([1, 2, 2]);
    expect(seen).toHaveLength(total);
    expect(new Set(seen).size).toBe(total);

    // A filter's pages hold its rows only, in order, and stop reading once they are all answered.
    const all = (await listRunRows(mem.runsDeps, A, run.id, { limit: 200 })).items;
    const changes: string[] = [];
    cursor = undefined;
    do {
      const page = await listRunRows(mem.runsDeps, A, run.id, { filter: 'changes', limit: 150, cursor });
      expect(page.items.every((r) => r.changed)).toBe(true);
      changes.push(...page.items.map((r) => r.itemId));
      cursor = page.cursor ?? undefined;
    } while (cursor);
    expect(changes).toHaveLength(run.counts.changes);
    expect(changes.slice(0, 10)).toEqual(
      all
        .filter((r) => r.changed)
        .slice(0, 10)
        .map((r) => r.itemId),
    );
    const skipped = await reads(() => listRunRows(mem.runsDeps, A, run.id, { filter: 'skipped' }));
    expect(skipped).toEqual({ result: { items: [], cursor: null }, reads: 0 });

    // A cursor is the server's own and the filter's: another filter's, or a made-up one, is refused.
    const changesPage = await listRunRows(mem.runsDeps, A, run.id, { filter: 'changes', limit: 10 });
    expect(
      await code(
        listRunRows(mem.runsDeps, A, run.id, { filter: 'warnings', cursor: changesPage.cursor ?? '' }),
      ),
    ).toEqual([400, 'VALIDATION_FAILED']);
    const forged = Buffer.from(JSON.stringify({ f: 'all', c: -1, r: 0, n: 5 })).toString('base64url');
    expect(await code(listRunRows(mem.runsDeps, A, run.id, { cursor: forged }))).toEqual([
      400,
      'VALIDATION_FAILED',
    ]);
  });
});

describe('pricing runs: apply, undo and history', () => {
  it('applies the chosen rows, skipping items changed or gone since the preview, and records history', async () => {
    const mem = await world(4);
    const run = await previewStrategy(mem.runsDeps, A, mem.strategy.id);
    mem.clock.advance(60_000);
    // Edited in between: never overwritten. Deleted in between: gone.
    const edited = mem.item('user-a', 'item-1');
    if (edited) mem.putItem({ ...edited, price: 26_000, updatedAt: '2026-11-22T10:00:30.000Z' });
    mem.items.delete('user-a#item-2');

    const { run: applied, skipped } = await applyRun(mem.runsDeps, A, headers('apply'), run.id, {
      all: true,
      except: ['item-3'],
    });
    expect(applied).toMatchObject({ status: 'applied', appliedAt: '2026-11-22T10:01:00.000Z' });
    expect(applied.counts).toMatchObject({ applied: 1, skipped: 2 });
    expect(skipped.sort((a, b) => a.itemId.localeCompare(b.itemId))).toEqual([
      { itemId: 'item-1', reason: 'changed_since_preview' },
      { itemId: 'item-2', reason: 'item_gone' },
    ]);
    expect(mem.item('user-a', 'item-0')).toMatchObject({
      price: 21_500,
      updatedAt: '2026-11-22T10:01:00.000Z',
    });
    expect(mem.item('user-a', 'item-1')?.price).toBe(26_000);
    expect(mem.item('user-a', 'item-3')?.price).toBe(25_300);

    const { items: changes } = await listItemHistory(mem.runsDeps, A, 'item-0', {});
    expect(changes).toEqual([
      expect.objectContaining({
        runId: run.id,
        strategyId: mem.strategy.id,
        strategyName: 'Beat by five',
        trigger: 'manual',
        changedBy: 'user-a',
        before: 25_000,
        after: 21_500,
        decidedBy: 'rule',
        input: { name: 'lowest_ask', value: 22_000 },
        undoneAt: null,
      }),
    ]);
    const rows = await listRunRows(mem.runsDeps, A, run.id, { filter: 'skipped' });
    expect(rows.items.map((r) => [r.itemId, r.state, r.skipReason])).toEqual([
      ['item-1', 'skipped', 'changed_since_preview'],
      ['item-2', 'skipped', 'item_gone'],
    ]);

    // A retry with the key replays; another apply is refused.
    const replay = await applyRun(mem.runsDeps, A, headers('apply'), run.id, {
      all: true,
      except: ['item-3'],
    });
    expect(replay.run).toEqual(applied);
    expect(await code(applyRun(mem.runsDeps, A, headers('again'), run.id, { itemIds: ['item-3'] }))).toEqual([
      409,
      'RUN_NOT_PREVIEW',
    ]);
  });

  it('applies only the chosen ids, refuses an expired preview and other users', async () => {
    const mem = await world(3);
    const run = await previewStrategy(mem.runsDeps, A, mem.strategy.id);
    expect(await code(applyRun(mem.runsDeps, B, headers('b'), run.id, { itemIds: ['item-0'] }))).toEqual([
      404,
      'RUN_NOT_FOUND',
    ]);
    expect(
      await code(applyRun(mem.runsDeps, user('user-a', true), headers('d'), run.id, { itemIds: ['item-0'] })),
    ).toEqual([403, 'DEMO_MODE']);
    const { run: applied } = await applyRun(mem.runsDeps, A, headers('a'), run.id, { itemIds: ['item-2'] });
    expect(applied.counts.applied).toBe(1);
    expect(mem.item('user-a', 'item-0')?.price).toBe(25_000);
    expect(mem.item('user-a', 'item-2')?.price).toBe(23_500);

    const late = await previewStrategy(mem.runsDeps, A, mem.strategy.id);
    mem.clock.advance(PRICING_PREVIEW_TTL_MS + 1);
    expect((await getRun(mem.runsDeps, A, late.id)).status).toBe('expired');
    expect(
      await code(applyRun(mem.runsDeps, A, headers('late'), late.id, { all: true, except: [] })),
    ).toEqual([410, 'PREVIEW_EXPIRED']);
  });

  it('undoes a run, leaving items changed since the apply, and marks the history undone', async () => {
    const mem = await world(3);
    const run = await previewStrategy(mem.runsDeps, A, mem.strategy.id);
    expect(await code(undoRun(mem.runsDeps, A, headers('early'), run.id))).toEqual([409, 'RUN_NOT_APPLIED']);
    mem.clock.advance(1_000);
    await applyRun(mem.runsDeps, A, headers('a'), run.id, { all: true, except: [] });
    mem.clock.advance(1_000);
    const edited = mem.item('user-a', 'item-1');
    if (edited) mem.putItem({ ...edited, price: 19_900, updatedAt: '2026-11-22T10:00:01.500Z' });

    const { run: undone, skipped } = await undoRun(mem.runsDeps, A, headers('u'), run.id);
    expect(undone).toMatchObject({ status: 'undone', undoneAt: '2026-11-22T10:00:02.000Z' });
    expect(undone.counts).toMatchObject({ undone: 2, skipped: 1 });
    expect(skipped).toEqual([{ itemId: 'item-1', reason: 'changed_since_apply' }]);
    expect(mem.item('user-a', 'item-0')?.price).toBe(25_000);
    expect(mem.item('user-a', 'item-1')?.price).toBe(19_900);
    expect(mem.item('user-a', 'item-2')?.price).toBe(25_200);
    expect((await listItemHistory(mem.runsDeps, A, 'item-0', {})).items[0]?.undoneAt).toBe(
      '2026-11-22T10:00:02.000Z',
    );
    expect((await listItemHistory(mem.runsDeps, A, 'item-1', {})).items[0]?.undoneAt).toBeNull();
    expect(await code(undoRun(mem.runsDeps, A, headers('twice'), run.id))).toEqual([409, 'RUN_NOT_APPLIED']);
  });

  it("answers 404 for the history of another user's item, an empty list for an unchanged own item", async () => {
    const mem = await world(1);
    mem.putItem(item('user-b', 'theirs'));
    expect(await code(listItemHistory(mem.runsDeps, A, 'theirs', {}))).toEqual([404, 'ITEM_NOT_FOUND']);
    expect((await listItemHistory(mem.runsDeps, A, 'item-0', {})).items).toEqual([]);
  });
});
