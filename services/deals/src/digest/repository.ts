import * as z from 'zod/mini';
import type { DocumentClient } from '@sneakers/shared/table/client';
import { Service } from '@sneakers/shared/table/entity';
import { outboxEntity, outboxItem } from '@sneakers/shared/table/outbox';
import { transact } from '@sneakers/shared/table/transaction';
import { preferencesEntity } from '../preferences/preferences-entity';
import { toPreferences } from '../preferences/repository';
import type { DigestRepository, PendingDigest } from './ports';
import { DIGEST_PENDING_TTL_SECONDS, digestPendingEntity, type DigestPendingRow } from './pending-entity';

const samplesSchema = z.array(
  z.object({ dealId: z.string(), productName: z.string(), partnerName: z.string() }),
);

function toPending(row: DigestPendingRow): PendingDigest {
  let samples: PendingDigest['samples'] = [];
  try {
    const parsed = samplesSchema.safeParse(JSON.parse(row.samples));
    if (parsed.success) samples = parsed.data;
  } catch {
    // A row that does not parse still counts its deals; it only names none.
  }
  return {
    day: row.day,
    shard: row.shard,
    userId: row.userId,
    eventId: row.eventId,
    newDeals: row.newDeals,
    samples,
    occurredAt: row.occurredAt,
  };
}

/**
 * Access patterns: Put of a pending row; Query of a day's partition (all pages); batch
 * Delete of handled rows; consistent GetItem of the preferences row; one transaction of the
 * preferences' conditional update and the outbox event (see the service's README).
 */
export function createDigestRepository(client: DocumentClient, table: string): DigestRepository {
  const service = new Service(
    { pending: digestPendingEntity, preferences: preferencesEntity, outbox: outboxEntity },
    { client, table },
  );
  const { pending, preferences } = service.entities;

  return {
    async addPending(p) {
      await pending
        .put({
          ...p,
          samples: JSON.stringify(p.samples),
          ttl: Math.floor(Date.parse(p.occurredAt) / 1000) + DIGEST_PENDING_TTL_SECONDS,
        })
        .go();
    },
    async pendingOfDay(day, shard) {
      // Consistent: a run right after a match (a test, a late run) sees its row.
      const { data } = await pending.query.byDay({ day, shard }).go({ pages: 'all', consistent: true });
      return data.map(toPending);
    },
    async removePending(rows) {
      if (rows.length === 0) return;
      // A row left unprocessed is harmless: the run counts only deals after lastDigestAt, and the TTL clears it.
      await pending
        .delete(rows.map(({ day, shard, userId, eventId }) => ({ day, shard, userId, eventId })))
        .go();
    },
    async preferencesOf(userId) {
      const { data } = await preferences.get({ userId }).go({ consistent: true });
      return data ? toPreferences(data) : null;
    },
    markSent: (prefs, sentAt, event) =>
      transact(
        () =>
          service.transaction
            .write(({ preferences: p, outbox }) => [
              p
                .update({ userId: prefs.userId })
                .set({
                  // A first row gets the defaults the user was reading; an existing one keeps its own.
                  dailyDigest: prefs.dailyDigest,
                  resaleFeeBasisPoints: prefs.resaleFeeBasisPoints,
                  shippingCents: prefs.shippingCents,
                  hides: JSON.stringify(prefs.hides),
                  lastDigestAt: sentAt,
                  version: prefs.version + 1,
                  updatedAt: prefs.updatedAt ?? sentAt,
                })
                .where(({ version }, { eq, notExists }) =>
                  prefs.version === 0 ? notExists(version) : eq(version, prefs.version),
                )
                .commit(),
              outbox.create(outboxItem(event)).commit(),
            ])
            .go(),
        ['stale', 'stale'],
      ),
  };
}
