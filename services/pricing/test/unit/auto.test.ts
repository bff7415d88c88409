import { describe, expect, it } from 'vitest';
import { runDueStrategies } from '../../src/auto/domain';
import { listItemHistory, listRuns } from '../../src/runs/domain';
import { createStrategy } from '../../src/strategies/domain';
import { memoryDeps } from './memory';
import { A, beatByFive, headers, item, marketAt, strategyInput, user } from './support';

describe('pricing auto mode', () => {
  it('shares one market data budget across the sweep and does not apply a pending row with no data to go by', async () => {
    const mem = memoryDeps('2026-11-22T10:00:00.000Z');
    mem.putItem(item('user-a', 'fresh', { price: 25_000, cost: 15_000 }));
    mem.market.set('fresh', marketAt(20_000));
    mem.putItem(item('user-a', 'old', { price: 25_000, cost: 15_000 }));
    mem.market.set('old', { ...marketAt(21_000, '2026-11-21T10:00:00.000Z'), pending: true });
    mem.putItem(item('user-a', 'cold', { price: 25_000, cost: 15_000 }));
    mem.market.set('cold', { market: null, network: null, pending: true });
    // Without market data a fixed price: for want of time only, so not applied.
    const config = {
      ...beatByFive,
      guards: { ...beatByFive.guards, noMarket: { kind: 'fixed' as const, price: 30_000 } },
    };
    await createStrategy(mem.strategiesDeps, A, headers('h'), strategyInput({ config, schedule: 'hourly' }));
    mem.clock.advance(60 * 60 * 1000);
    const sweep = await runDueStrategies(mem.autoDeps, 120_000);
    expect(sweep.ran).toEqual([expect.objectContaining({ applied: 2, skipped: 0 })]);
    expect(mem.marketCalls.map((c) => c.budgetMs)).toEqual([120_000]);
    expect(mem.item('user-a', 'fresh')?.price).toBe(19_500);
    expect(mem.item('user-a', 'old')?.price).toBe(20_500);
    expect(mem.item('user-a', 'cold')?.price).toBe(25_000);
    const [run] = (await listRuns(mem.runsDeps, A, {})).items;
    expect(run?.marketPending).toBe(2);
  });

  it('runs and applies the due strategies within their guard rails, then moves their next run on', async () => {
    const mem = memoryDeps('2026-11-22T10:00:00.000Z');
    mem.putItem(item('user-a', 'i1', { price: 25_000, cost: 15_000 }));
    mem.market.set('i1', marketAt(20_000));
    // At most 5% a run: 25,000 → 23,750, not 19,500.
    const config = {
      ...beatByFive,
      guards: { ...beatByFive.guards, maxChange: { mode: 'percent' as const, bps: 500 } },
    };
    const { strategy: hourly } = await createStrategy(
      mem.strategiesDeps,
      A,
      headers('h'),
      strategyInput({ config, schedule: 'hourly' }),
    );
    await createStrategy(
      mem.strategiesDeps,
      A,
      headers('d'),
      strategyInput({ name: 'Daily', schedule: 'daily' }),
    );
    await createStrategy(mem.strategiesDeps, A, headers('o'), strategyInput({ name: 'Off' }));

    expect(await runDueStrategies(mem.autoDeps)).toEqual({ ran: [], passed: [] });
    mem.clock.advance(60 * 60 * 1000);
    const sweep = await runDueStrategies(mem.autoDeps);
    expect(sweep.ran).toEqual([
      expect.objectContaining({ ownerUserId: 'user-a', strategyId: hourly.id, applied: 1, skipped: 0 }),
    ]);
    expect(mem.item('user-a', 'i1')?.price).toBe(23_750);
    const [run] = (await listRuns(mem.runsDeps, A, {})).items;
    expect(run).toMatchObject({ trigger: 'auto', status: 'applied', createdBy: null });
    const [change] = (await listItemHistory(mem.runsDeps, A, 'i1', {})).items;
    expect(change).toMatchObject({
      trigger: 'auto',
      changedBy: null,
      before: 25_000,
      after: 23_750,
      decidedBy: 'max_change',
    });
    expect(mem.strategies.get(`user-a#${hourly.id}`)).toMatchObject({
      lastRunAt: '2026-11-22T11:00:00.000Z',
      nextRunAt: '2026-11-22T12:00:00.000Z',
    });
    // Run again at once: nothing due.
    expect((await runDueStrategies(mem.autoDeps)).ran).toEqual([]);
  });

  it('passes over the demo store and strategies without items, still moving their next run on', async () => {
    const mem = memoryDeps('2026-11-22T10:00:00.000Z');
    const seeded = await createStrategy(
      mem.strategiesDeps,
      user('user-x'),
      headers('x'),
      strategyInput({ schedule: 'hourly' }),
    );
    const demoRecord = {
      ...seeded.strategy,
      ownerUserId: 'demo-store',
      demo: true,
      schedule: 'hourly' as const,
    };
    mem.strategies.set(`demo-store#${demoRecord.id}`, {
      ...demoRecord,
      selection: demoRecord.selection,
      config: demoRecord.config,
    });
    mem.clock.advance(60 * 60 * 1000);
    const sweep = await runDueStrategies(mem.autoDeps);
    expect(sweep.ran).toEqual([]);
    expect(sweep.passed.map((p) => [p.ownerUserId, p.reason]).sort()).toEqual([
      ['demo-store', 'demo'],
      ['user-x', 'NO_ITEMS'],
    ]);
    expect(mem.strategies.get(`user-x#${seeded.strategy.id}`)?.nextRunAt).toBe('2026-11-22T12:00:00.000Z');
  });
});
