import { idAttribute, ownedIndex, ownerAttribute } from '@sneakers/shared/table/common-attributes';
import { ELECTRO_SERVICE } from '@sneakers/shared/table/definition';
import { Entity, type EntityItem } from '@sneakers/shared/table/entity';
import { PRICING_SCHEDULES, PRICING_TARGETS } from '@sneakers/shared/contracts/pricing';

/** The one value of `dueQueue`: every strategy in auto mode shares the sweep's gsi3 partition. */
export const DUE_QUEUE = 'due';

/**
 * A pricing strategy, in its owner's partition (`pk = ownerUserId`, `sk = id`, a ULID): the
 * owner's strategies are one Query. While its schedule is on, `dueQueue` and `nextRunAt` put
 * it in gsi3 (sparse: both are absent when auto mode is off), so the auto sweep Queries the
 * due ones (`nextRunAt <= now`) and never scans. `selection` and `config` are the contract's
 * shapes, validated on the way in. Absent nextRunAt / lastRunAt stand for null.
 */
export const strategyEntity = new Entity({
  model: { entity: 'pricingStrategy', version: '1', service: ELECTRO_SERVICE },
  attributes: {
    ownerUserId: ownerAttribute,
    id: idAttribute,
    name: { type: 'string', required: true },
    selection: { type: 'any', required: true },
    config: { type: 'any', required: true },
    target: { type: PRICING_TARGETS, required: true },
    schedule: { type: PRICING_SCHEDULES, required: true },
    /** Whether the owner is a demo identity (auto runs read the demo network only). */
    demo: { type: 'boolean', required: true },
    dueQueue: { type: [DUE_QUEUE] as const },
    nextRunAt: { type: 'string' },
    lastRunAt: { type: 'string' },
    version: { type: 'number', required: true },
    createdAt: { type: 'string', required: true, readOnly: true },
    updatedAt: { type: 'string', required: true },
  },
  indexes: {
    byOwner: ownedIndex('ownerUserId', ['id']),
    due: {
      index: 'gsi3',
      condition: ({ dueQueue, nextRunAt }) => dueQueue === DUE_QUEUE && typeof nextRunAt === 'string',
      pk: { field: 'gsi3pk', composite: ['dueQueue'] },
      sk: { field: 'gsi3sk', composite: ['nextRunAt', 'ownerUserId', 'id'] },
    },
  },
});

export type StrategyItem = EntityItem<typeof strategyEntity>;
