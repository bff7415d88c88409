import type * as z from 'zod/mini';
import { requireUser, requireWriter, type Actor } from '@sneakers/shared/actor';
import {
  PRICING_STRATEGIES_MAX,
  pricingStrategySchema,
  type PricingSchedule,
  type PricingStrategy,
  type pricingStrategyInputSchema,
} from '@sneakers/shared/contracts/pricing';
import { ConflictError, NotFoundError } from '@sneakers/shared/errors';
import { beginIdempotent } from '@sneakers/shared/idempotency/idempotency';
import type { StrategiesDeps, StrategyRecord } from './ports';

/**
 * The strategies use cases (docs/product/pricing-strategies.md#strategies): pure, storage and
 * clock injected. Every strategy belongs to the verified caller, never to an id from the request.
 */
export type StrategyInput = z.output<typeof pricingStrategyInputSchema>;

const HOUR_MS = 60 * 60 * 1000;
const SCHEDULE_PERIOD_MS = new Map<PricingSchedule, number>([
  ['hourly', HOUR_MS],
  ['daily', 24 * HOUR_MS],
]);

/** When auto mode runs a strategy next after `from`; null when it is off. */
export function nextRunAfter(schedule: PricingSchedule, from: Date): string | null {
  const period = SCHEDULE_PERIOD_MS.get(schedule);
  return period === undefined ? null : new Date(from.getTime() + period).toISOString();
}

export const strategyNotFound = () => new NotFoundError('Strategy not found.', 'STRATEGY_NOT_FOUND');

export function toStrategy(record: StrategyRecord): PricingStrategy {
  return {
    id: record.id,
    name: record.name,
    selection: record.selection,
    config: record.config,
    target: record.target,
    schedule: record.schedule,
    nextRunAt: record.nextRunAt,
    lastRunAt: record.lastRunAt,
    version: record.version,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
  };
}

export async function listStrategies(
  deps: Pick<StrategiesDeps, 'strategies'>,
  actor: Actor,
): Promise<PricingStrategy[]> {
  const user = requireUser(actor);
  const records = await deps.strategies.list(user.userId);
  return records.sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id)).map(toStrategy);
}

export async function getStrategy(
  deps: Pick<StrategiesDeps, 'strategies'>,
  actor: Actor,
  strategyId: string,
): Promise<PricingStrategy> {
  const user = requireUser(actor);
  const record = await deps.strategies.get(user.userId, strategyId);
  if (!record) throw strategyNotFound();
  return toStrategy(record);
}

/** Idempotent create: a retry with the same Idempotency-Key answers the first result. */
export async function createStrategy(
  deps: StrategiesDeps,
  actor: Actor,
  headers: Record<string, string>,
  input: StrategyInput,
): Promise<{ strategy: PricingStrategy; created: boolean }> {
  const user = requireWriter(actor);
  const now = deps.clock.now();
  const request = await beginIdempotent({
    store: deps.idempotency,
    scope: `pricing.strategy#${user.userId}`,
    headers,
    request: input,
    now,
    result: pricingStrategySchema,
  });
  if (request.replay) return { strategy: request.replay, created: false };
  // A count read before the write: two parallel creates at the limit may both pass, which
  // leaves the user one over a soft limit, never a broken row.
  if ((await deps.strategies.list(user.userId)).length >= PRICING_STRATEGIES_MAX)
    throw new ConflictError(
      `You can keep up to ${PRICING_STRATEGIES_MAX} strategies. Delete one to add another.`,
      'STRATEGIES_FULL',
    );
  const at = now.toISOString();
  const record: StrategyRecord = {
    ownerUserId: user.userId,
    id: deps.ids.next(),
    name: input.name,
    selection: input.selection,
    config: input.config,
    target: input.target,
    schedule: input.schedule,
    demo: user.isDemo,
    nextRunAt: nextRunAfter(input.schedule, now),
    lastRunAt: null,
    version: 1,
    createdAt: at,
    updatedAt: at,
  };
  const strategy = toStrategy(record);
  const outcome = await deps.strategies.create(record, request.claim(strategy));
  if (outcome === 'duplicate') return { strategy: await request.winner(), created: false };
  return { strategy, created: true };
}

/** Replaces a strategy read at `version`; the schedule's next run restarts only when the schedule changes. */
export async function updateStrategy(
  deps: Pick<StrategiesDeps, 'strategies' | 'clock'>,
  actor: Actor,
  strategyId: string,
  input: StrategyInput & { version: number },
): Promise<PricingStrategy> {
  const user = requireWriter(actor);
  const current = await deps.strategies.get(user.userId, strategyId);
  if (!current) throw strategyNotFound();
  const versionConflict = () =>
    new ConflictError('This strategy was changed meanwhile. Reload it and try again.', 'VERSION_CONFLICT');
  if (current.version !== input.version) throw versionConflict();
  const now = deps.clock.now();
  const next: StrategyRecord = {
    ...current,
    name: input.name,
    selection: input.selection,
    config: input.config,
    target: input.target,
    schedule: input.schedule,
    nextRunAt:
      input.schedule === current.schedule && current.nextRunAt !== null
        ? current.nextRunAt
        : nextRunAfter(input.schedule, now),
    version: current.version + 1,
    updatedAt: now.toISOString(),
  };
  if ((await deps.strategies.replace(next, current.version)) === 'stale') {
    if (!(await deps.strategies.get(user.userId, strategyId))) throw strategyNotFound();
    throw versionConflict();
  }
  return toStrategy(next);
}

/** Removes the strategy; its runs and the price history it wrote stay (they carry its name). */
export async function deleteStrategy(
  deps: Pick<StrategiesDeps, 'strategies'>,
  actor: Actor,
  strategyId: string,
): Promise<void> {
  const user = requireWriter(actor);
  if ((await deps.strategies.delete(user.userId, strategyId)) === 'missing') throw strategyNotFound();
}
