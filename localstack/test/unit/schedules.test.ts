import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { SCHEDULE_DETAIL_TYPE } from '@sneakers/shared/runtime/lambda-handler';
import { defineFunction, type Schedule } from '@sneakers/shared/runtime/function';
import type { LoadedService } from '../../src/lambda';
import { ratePeriodMs, runScheduleNow, startSchedules } from '../../src/schedules';

const noop = () => Promise.resolve();
const scheduleEvent = z.object({
  'detail-type': z.literal(SCHEDULE_DETAIL_TYPE),
  detail: z.object({ schedule: z.string() }),
});

/** A service whose handler records the schedule events it gets and answers with `answer`. */
function serviceWith(schedules: Schedule[], answer: (id: string) => Promise<void>) {
  const runs: string[] = [];
  const service: LoadedService = {
    manifest: {
      definition: defineFunction({
        name: 'catalog',
        routes: [],
        consumers: [],
        schedules,
        access: { table: 'read' },
      }),
      entry: '',
    },
    async invoke(event) {
      const e = z.parse(scheduleEvent, event);
      runs.push(e.detail.schedule);
      await answer(e.detail.schedule);
    },
  };
  return { service, runs };
}

const MINUTE = 60_000;

describe('rate expressions', () => {
  it.each([
    ['rate(1 minute)', MINUTE],
    ['rate(5 minutes)', 5 * MINUTE],
    ['rate(1 hour)', 60 * MINUTE],
    ['rate(6 hours)', 360 * MINUTE],
    ['rate(1 day)', 1440 * MINUTE],
    ['rate(2 days)', 2880 * MINUTE],
  ])('%s is %i ms', (expression, ms) => {
    expect(ratePeriodMs(expression)).toBe(ms);
  });

  it.each(['cron(0 6 * * ? *)', 'rate(0 minutes)', 'rate(1 week)', 'rate(x hours)', ''])(
    '%s is not a rate',
    (e) => {
      expect(ratePeriodMs(e)).toBeUndefined();
    },
  );
});

describe('the local schedule runner', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs each rate schedule after every full period, not at start', async () => {
    const { service, runs } = serviceWith(
      [
        { id: 'often', expression: 'rate(1 minute)', handle: noop },
        { id: 'hourly', expression: 'rate(1 hour)', handle: noop },
      ],
      noop,
    );
    const runner = startSchedules([service], { log: () => undefined, enabled: 'on' });
    expect(runs).toEqual([]);
    await vi.advanceTimersByTimeAsync(MINUTE - 1);
    expect(runs).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(runs).toEqual(['often']);
    await vi.advanceTimersByTimeAsync(59 * MINUTE);
    expect(runs.filter((r) => r === 'often')).toHaveLength(60);
    expect(runs.filter((r) => r === 'hourly')).toHaveLength(1);
    runner.stop();
    await vi.advanceTimersByTimeAsync(10 * MINUTE);
    expect(runs).toHaveLength(61);
  });

  it('skips a run while the previous one is still going', async () => {
    let release: () => void = () => undefined;
    const { service, runs } = serviceWith(
      [{ id: 'slow', expression: 'rate(1 minute)', handle: noop }],
      () => {
        return new Promise<void>((resolve) => {
          release = resolve;
        });
      },
    );
    const logs: string[] = [];
    const runner = startSchedules([service], { log: (l) => logs.push(l), enabled: 'on' });
    await vi.advanceTimersByTimeAsync(3 * MINUTE);
    expect(runs).toEqual(['slow']);
    expect(logs.filter((l) => l.includes('skipped'))).toHaveLength(2);
    release();
    await vi.advanceTimersByTimeAsync(MINUTE);
    expect(runs).toEqual(['slow', 'slow']);
    runner.stop();
  });

  it('logs a failure and keeps running', async () => {
    const { service, runs } = serviceWith([{ id: 'flaky', expression: 'rate(1 minute)', handle: noop }], () =>
      Promise.reject(new Error('upstream down')),
    );
    const logs: string[] = [];
    const runner = startSchedules([service], { log: (l) => logs.push(l), enabled: 'on' });
    await vi.advanceTimersByTimeAsync(2 * MINUTE);
    expect(runs).toHaveLength(2);
    expect(logs.filter((l) => l.includes('catalog/flaky failed: upstream down'))).toHaveLength(2);
    runner.stop();
  });

  it('does not run cron expressions, and runs nothing with LOCAL_SCHEDULES=off', async () => {
    const { service, runs } = serviceWith(
      [
        { id: 'cron', expression: 'cron(0 6 * * ? *)', handle: noop },
        { id: 'rate', expression: 'rate(1 minute)', handle: noop },
      ],
      noop,
    );
    const logs: string[] = [];
    const on = startSchedules([service], { log: (l) => logs.push(l), enabled: 'on' });
    expect(logs.some((l) => l.includes('catalog/cron') && l.includes('not run locally'))).toBe(true);
    await vi.advanceTimersByTimeAsync(MINUTE);
    expect(runs).toEqual(['rate']);
    on.stop();

    const off = startSchedules([service], { log: (l) => logs.push(l), enabled: 'off' });
    await vi.advanceTimersByTimeAsync(5 * MINUTE);
    expect(runs).toEqual(['rate']);
    off.stop();
  });

  it('runs one schedule now on request, and refuses an unknown one', async () => {
    const { service, runs } = serviceWith([{ id: 'now', expression: 'rate(1 day)', handle: noop }], noop);
    await runScheduleNow(service, 'now');
    expect(runs).toEqual(['now']);
    await expect(runScheduleNow(service, 'missing')).rejects.toThrow('catalog has no schedule missing');
  });
});
