import { buildEvent, dealsDigestDue, type dealsMatched, type EventDetail } from '@sneakers/events';
import type * as z from 'zod/mini';
import { defaultPreferences } from '../preferences/domain';
import type { DealSample, DigestDeps, PendingDigest } from './ports';

/**
 * The daily deals digest (docs/product/deals.md#notifications-and-the-daily-digest): each
 * Deals.Matched is kept as pending work of its day; once a day the run sends every user with
 * pending work one Deals.DigestDue (the notifications service mails it), unless their
 * `dailyDigest` is off or a digest went out today already. Pure: storage and clock injected.
 */

/** How many deals an email names (the rest are counted). */
export const DIGEST_SAMPLES_MAX = 10;
/** How many times a user's send re-reads after losing a race before it waits for the next run. */
const SEND_ATTEMPTS = 3;

/** How many partitions a day's pending work is spread over. */
export const DIGEST_SHARDS = 8;

/** A user's shard: a stable hash (FNV-1a) of the id, so all their rows share one partition. */
export function digestShardOf(userId: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < userId.length; i++) hash = Math.imul(hash ^ userId.charCodeAt(i), 0x01000193);
  return (hash >>> 0) % DIGEST_SHARDS;
}

export const utcDayOf = (at: Date | string): string => new Date(at).toISOString().slice(0, 10);
const previousDay = (day: string): string => utcDayOf(new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000));

/** Consumer of Deals.Matched: records the event's deals for its user's next digest. */
export async function recordPendingDigest(
  deps: DigestDeps,
  detail: EventDetail<z.output<typeof dealsMatched.data>>,
): Promise<void> {
  const { userId, newDeals, samples } = detail.data;
  if (newDeals < 1) return;
  await deps.repo.addPending({
    day: utcDayOf(detail.occurredAt),
    shard: digestShardOf(userId),
    userId,
    eventId: detail.eventId,
    newDeals,
    samples: samples.slice(0, DIGEST_SAMPLES_MAX),
    occurredAt: detail.occurredAt,
  });
}

export interface DigestRunResult {
  /** The users emailed by this run. */
  sent: { userId: string; newDeals: number; eventId: string }[];
  /** Users with pending work left out: digest off, already sent today, or lost a race. */
  skipped: { userId: string; reason: 'off' | 'sent_today' | 'nothing_new' | 'busy' }[];
}

function summaryOf(rows: readonly PendingDigest[]): { newDeals: number; samples: DealSample[] } {
  const seen = new Set<string>();
  const samples: DealSample[] = [];
  let newDeals = 0;
  for (const row of [...rows].sort((a, b) => a.occurredAt.localeCompare(b.occurredAt))) {
    newDeals += row.newDeals;
    for (const sample of row.samples) {
      if (samples.length >= DIGEST_SAMPLES_MAX || seen.has(sample.dealId)) continue;
      seen.add(sample.dealId);
      samples.push(sample);
    }
  }
  return { newDeals, samples };
}

/**
 * The daily run: yesterday's and today's pending work (a run late in a day leaves later
 * matches for tomorrow's), one digest per user. At most one a day: the send is conditional
 * on the preferences row's version, whose `lastDigestAt` says whether today's went out, and
 * only deals matched after the last digest are told.
 */
export async function sendDealDigests(deps: DigestDeps): Promise<DigestRunResult> {
  const now = deps.clock.now();
  const today = utcDayOf(now);
  const rows: PendingDigest[] = [];
  for (const day of [previousDay(today), today])
    for (let shard = 0; shard < DIGEST_SHARDS; shard++)
      rows.push(...(await deps.repo.pendingOfDay(day, shard)));
  const byUser = new Map<string, PendingDigest[]>();
  for (const row of rows) byUser.set(row.userId, [...(byUser.get(row.userId) ?? []), row]);

  const result: DigestRunResult = { sent: [], skipped: [] };
  for (const [userId, pending] of byUser) {
    const outcome = await sendOne(deps, userId, pending, now, today);
    if (outcome.kind === 'sent')
      result.sent.push({ userId, newDeals: outcome.newDeals, eventId: outcome.eventId });
    else result.skipped.push({ userId, reason: outcome.kind });
    // Sent, off or already told: the rows are done. Today's digest already out: keep them for tomorrow.
    if ('done' in outcome) await deps.repo.removePending(outcome.done);
  }
  return result;
}

type SendOutcome =
  | { kind: 'sent'; newDeals: number; eventId: string; done: PendingDigest[] }
  | { kind: 'off' | 'nothing_new'; done: PendingDigest[] }
  | { kind: 'sent_today' | 'busy' };

async function sendOne(
  deps: DigestDeps,
  userId: string,
  pending: PendingDigest[],
  now: Date,
  today: string,
): Promise<SendOutcome> {
  for (let attempt = 0; attempt < SEND_ATTEMPTS; attempt++) {
    const preferences = (await deps.repo.preferencesOf(userId)) ?? defaultPreferences(userId);
    if (!preferences.dailyDigest) return { kind: 'off', done: pending };
    const last = preferences.lastDigestAt;
    if (last && utcDayOf(last) === today) return { kind: 'sent_today' };
    const fresh = last ? pending.filter((p) => p.occurredAt > last) : pending;
    if (fresh.length === 0) return { kind: 'nothing_new', done: pending };
    const { newDeals, samples } = summaryOf(fresh);
    const sentAt = now.toISOString();
    const event = buildEvent(
      dealsDigestDue,
      { userId, day: today, newDeals, samples },
      { eventId: `deals-digest.${userId}.${today}`, occurredAt: sentAt },
    );
    if ((await deps.repo.markSent(preferences, sentAt, event)) === 'committed')
      return { kind: 'sent', newDeals, eventId: event.eventId, done: pending };
  }
  return { kind: 'busy' };
}
