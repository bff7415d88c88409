import { Entity } from '../table/entity';
import type { DocumentClient } from '../table/client';
import { ELECTRO_SERVICE } from '../table/definition';
import { conditional, isConditionalFailure } from '../table/transaction';
import type { RateLimiter } from './rate-limit';

/** One slot of a bucket; all slots of a bucket share a partition. */
const schema = {
  model: { entity: 'rateSlot', version: '1', service: ELECTRO_SERVICE },
  attributes: {
    bucket: { type: 'string', required: true, readOnly: true },
    slot: { type: 'number', required: true, readOnly: true },
    takenAt: { type: 'number', required: true },
    ttl: { type: 'number', required: true },
  },
  indexes: {
    byBucket: {
      pk: { field: 'pk', composite: ['bucket'], casing: 'none' },
      sk: { field: 'sk', composite: ['slot'] },
    },
  },
} as const;

export const rateSlotEntity = new Entity(schema);

export function createRateLimiter(client: DocumentClient, table: string): RateLimiter {
  const slots = new Entity(schema, { client, table });
  return {
    async take(bucket, { limit, windowMs }, now) {
      const at = now.getTime();
      for (let slot = 0; slot < limit; slot++) {
        const outcome = await conditional(
          () =>
            slots
              // TTL a minute after the window: DynamoDB removes free slots eventually.
              .put({ bucket, slot, takenAt: at, ttl: Math.floor((at + windowMs) / 1000) + 60 })
              .where(
                ({ takenAt }, { notExists, lte }) =>
                  `${notExists(takenAt)} OR ${lte(takenAt, at - windowMs)}`,
              )
              .go(),
          'taken',
        );
        if (outcome === 'committed') return { bucket, slot, takenAt: at };
      }
      return null;
    },
    async release(taken) {
      try {
        await slots
          .delete({ bucket: taken.bucket, slot: taken.slot })
          .where(({ takenAt }, { eq }) => eq(takenAt, taken.takenAt))
          .go();
      } catch (error) {
        if (!isConditionalFailure(error)) throw error;
      }
    },
  };
}
