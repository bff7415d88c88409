import { idempotencyEntity } from '@sneakers/shared/idempotency/entity';
import type { PricingConfig, PricingSelection } from '@sneakers/shared/contracts/pricing';
import type { DocumentClient } from '@sneakers/shared/table/client';
import { Service } from '@sneakers/shared/table/entity';
import { conditional, transact } from '@sneakers/shared/table/transaction';
import type { StrategiesRepository, StrategyRecord } from './ports';
import { DUE_QUEUE, strategyEntity, type StrategyItem } from './strategy-entity';

function toRecord(item: StrategyItem): StrategyRecord {
  return {
    ownerUserId: item.ownerUserId,
    id: item.id,
    name: item.name,
    // Validated against the contract when written; stored as the contract's shapes.
    selection: item.selection as PricingSelection,
    config: item.config as PricingConfig,
    target: item.target,
    schedule: item.schedule,
    demo: item.demo,
    nextRunAt: item.nextRunAt ?? null,
    lastRunAt: item.lastRunAt ?? null,
    version: item.version,
    createdAt: item.createdAt,
    updatedAt: item.updatedAt,
  };
}

function toItem(record: StrategyRecord): StrategyItem {
  const { nextRunAt, lastRunAt, ...rest } = record;
  return {
    ...rest,
    ...(nextRunAt === null ? {} : { nextRunAt, dueQueue: DUE_QUEUE }),
    ...(lastRunAt === null ? {} : { lastRunAt }),
  };
}

/**
 * Access patterns: Query `pk = owner` (the owner's strategies, at most
 * PRICING_STRATEGIES_MAX); GetItem; Query gsi3 `gsi3pk = due AND gsi3sk <= now` (auto mode's
 * due strategies); Put conditional on `version`; conditional patches of the run times.
 */
export function createStrategiesRepository(client: DocumentClient, table: string): StrategiesRepository {
  const service = new Service(
    { strategy: strategyEntity, idempotency: idempotencyEntity },
    { client, table },
  );
  const { strategy: entity } = service.entities;

  return {
    async list(ownerUserId) {
      const { data } = await entity.query.byOwner({ ownerUserId }).go({ pages: 'all' });
      return data.map(toRecord);
    },
    async get(ownerUserId, id) {
      const { data } = await entity.get({ ownerUserId, id }).go({ consistent: true });
      return data ? toRecord(data) : null;
    },
    create: (record, claim) =>
      transact(
        () =>
          service.transaction
            .write(({ idempotency, strategy }) => [
              idempotency.create(claim).commit(),
              strategy.create(toItem(record)).commit(),
            ])
            .go(),
        ['duplicate', null],
      ),
    replace: (record, expectedVersion) =>
      conditional(
        () =>
          entity
            .put(toItem(record))
            .where(({ version }, { eq }) => eq(version, expectedVersion))
            .go(),
        'stale',
      ),
    delete: (ownerUserId, id) => conditional(() => entity.remove({ ownerUserId, id }).go(), 'missing'),
    async listDue(now, limit) {
      const { data } = await entity.query
        .due({ dueQueue: DUE_QUEUE })
        .lte({ nextRunAt: now })
        .go({ order: 'asc', limit });
      return data.map(toRecord);
    },
    markRan: ({ ownerUserId, id }, expectedNextRunAt, ranAt, nextRunAt) =>
      conditional(() => {
        const patch = entity.patch({ ownerUserId, id });
        if (nextRunAt === null) patch.set({ lastRunAt: ranAt }).remove(['nextRunAt', 'dueQueue']);
        else patch.set({ lastRunAt: ranAt, nextRunAt, dueQueue: DUE_QUEUE });
        return patch.where(({ nextRunAt: at }, { eq }) => eq(at, expectedNextRunAt)).go();
      }, 'stale'),
    async touchLastRun({ ownerUserId, id }, ranAt) {
      await conditional(() => entity.patch({ ownerUserId, id }).set({ lastRunAt: ranAt }).go(), 'missing');
    },
  };
}
