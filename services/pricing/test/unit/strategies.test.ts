import { describe, expect, it } from 'vitest';
import { PRICING_STRATEGIES_MAX } from '@sneakers/shared/contracts/pricing';
import {
  createStrategy,
  deleteStrategy,
  getStrategy,
  listStrategies,
  updateStrategy,
} from '../../src/strategies/domain';
import { memoryDeps } from './memory';
import { A, B, code, headers, strategyInput, user } from './support';

describe('pricing strategies', () => {
  it('creates a strategy once per Idempotency-Key, with its next run from the schedule', async () => {
    const { strategiesDeps: deps } = memoryDeps('2026-11-22T10:00:00.000Z');
    const first = await createStrategy(deps, A, headers('a'), strategyInput({ schedule: 'hourly' }));
    expect(first.created).toBe(true);
    expect(first.strategy).toMatchObject({
      version: 1,
      nextRunAt: '2026-11-22T11:00:00.000Z',
      lastRunAt: null,
    });
    const replay = await createStrategy(deps, A, headers('a'), strategyInput({ schedule: 'hourly' }));
    expect(replay).toEqual({ strategy: first.strategy, created: false });
    expect(await code(createStrategy(deps, A, headers('a'), strategyInput({ name: 'Other' })))).toEqual([
      409,
      'IDEMPOTENCY_KEY_REUSED',
    ]);
    const daily = await createStrategy(deps, A, headers('b'), strategyInput({ schedule: 'daily' }));
    expect(daily.strategy.nextRunAt).toBe('2026-11-23T10:00:00.000Z');
    const off = await createStrategy(deps, A, headers('c'), strategyInput());
    expect(off.strategy.nextRunAt).toBeNull();
    expect(await listStrategies(deps, A)).toHaveLength(3);
    expect(await listStrategies(deps, B)).toEqual([]);
  });

  it(`refuses more than ${PRICING_STRATEGIES_MAX} strategies and demo writes`, async () => {
    const { strategiesDeps: deps } = memoryDeps();
    for (let i = 0; i < PRICING_STRATEGIES_MAX; i++)
      await createStrategy(deps, A, headers(`n${i}`), strategyInput({ name: `S${i}` }));
    expect(await code(createStrategy(deps, A, headers('full'), strategyInput()))).toEqual([
      409,
      'STRATEGIES_FULL',
    ]);
    expect(await code(createStrategy(deps, user('demo-store', true), headers('d'), strategyInput()))).toEqual(
      [403, 'DEMO_MODE'],
    );
  });

  it('updates only the version read, keeps the next run unless the schedule changes', async () => {
    const { strategiesDeps: deps, clock } = memoryDeps('2026-11-22T10:00:00.000Z');
    const { strategy } = await createStrategy(deps, A, headers('a'), strategyInput({ schedule: 'daily' }));
    clock.advance(60_000);
    const renamed = await updateStrategy(deps, A, strategy.id, {
      ...strategyInput({ name: 'Renamed', schedule: 'daily' }),
      version: 1,
    });
    expect(renamed).toMatchObject({ name: 'Renamed', version: 2, nextRunAt: strategy.nextRunAt });
    expect(
      await code(updateStrategy(deps, A, strategy.id, { ...strategyInput({ name: 'Late' }), version: 1 })),
    ).toEqual([409, 'VERSION_CONFLICT']);
    const hourly = await updateStrategy(deps, A, strategy.id, {
      ...strategyInput({ schedule: 'hourly' }),
      version: 2,
    });
    expect(hourly.nextRunAt).toBe('2026-11-22T11:01:00.000Z');
    const off = await updateStrategy(deps, A, strategy.id, {
      ...strategyInput({ schedule: 'off' }),
      version: 3,
    });
    expect(off.nextRunAt).toBeNull();
  });

  it("answers 404 for another user's strategy and deletes only the caller's", async () => {
    const { strategiesDeps: deps } = memoryDeps();
    const { strategy } = await createStrategy(deps, A, headers('a'), strategyInput());
    expect(await code(getStrategy(deps, B, strategy.id))).toEqual([404, 'STRATEGY_NOT_FOUND']);
    expect(await code(updateStrategy(deps, B, strategy.id, { ...strategyInput(), version: 1 }))).toEqual([
      404,
      'STRATEGY_NOT_FOUND',
    ]);
    expect(await code(deleteStrategy(deps, B, strategy.id))).toEqual([404, 'STRATEGY_NOT_FOUND']);
    await deleteStrategy(deps, A, strategy.id);
    expect(await code(getStrategy(deps, A, strategy.id))).toEqual([404, 'STRATEGY_NOT_FOUND']);
  });
});
