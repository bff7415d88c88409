import { ELECTRO_SERVICE } from '@sneakers/shared/table/definition';
import { Entity, type EntityItem } from '@sneakers/shared/table/entity';

/**
 * Digest work waiting: one row per Deals.Matched event, in a partition of the UTC day it
 * happened (`pk = day, shard`, `sk = userId, eventId`), so the daily run reads a day's work
 * with a Query per shard (never a Scan) and a user's rows sit together; the shards (a hash of
 * the user) spread a burst of matches over several partitions. Keyed by the event, so a redelivered
 * event writes the same row again and counts nothing twice. The run deletes what it sent;
 * the TTL clears what it did not (a digest turned off, a run that failed).
 */
export const digestPendingEntity = new Entity({
  model: { entity: 'dealsDigestPending', version: '1', service: ELECTRO_SERVICE },
  attributes: {
    day: { type: 'string', required: true, readOnly: true },
    shard: { type: 'number', required: true, readOnly: true },
    userId: { type: 'string', required: true, readOnly: true },
    eventId: { type: 'string', required: true, readOnly: true },
    newDeals: { type: 'number', required: true },
    /** A JSON array of the event's samples ({ dealId, productName, partnerName }). */
    samples: { type: 'string', required: true },
    occurredAt: { type: 'string', required: true },
    ttl: { type: 'number', required: true },
  },
  indexes: {
    byDay: {
      pk: { field: 'pk', composite: ['day', 'shard'] },
      sk: { field: 'sk', composite: ['userId', 'eventId'] },
    },
  },
});

export type DigestPendingRow = EntityItem<typeof digestPendingEntity>;

/** How long waiting work is kept: a digest runs daily, so a week covers failed runs. */
export const DIGEST_PENDING_TTL_SECONDS = 7 * 24 * 3600;
