import type { Clock } from '@sneakers/shared/clock';
import type { buildEvent, dealsDigestDue } from '@sneakers/events';
import type { Preferences } from '../preferences/ports';

export interface DealSample {
  dealId: string;
  productName: string;
  partnerName: string;
}

/** One Deals.Matched event waiting for its user's digest. */
export interface PendingDigest {
  day: string;
  /** Which of the day's partitions (`digestShardOf(userId)`). */
  shard: number;
  userId: string;
  eventId: string;
  newDeals: number;
  samples: DealSample[];
  occurredAt: string;
}

export type DigestDueEvent = ReturnType<typeof buildEvent<typeof dealsDigestDue.data>>;

/** What the digest use cases need from storage; ./repository.ts implements it. */
export interface DigestRepository {
  /** Records one event's work (a put keyed by the event: a redelivery writes the same row). */
  addPending(pending: PendingDigest): Promise<void>;
  /** Every pending row of one UTC day's shard, all pages. */
  pendingOfDay(day: string, shard: number): Promise<PendingDigest[]>;
  /** Deletes rows already handled (sent, or not to be sent). */
  removePending(rows: readonly Pick<PendingDigest, 'day' | 'shard' | 'userId' | 'eventId'>[]): Promise<void>;
  /** The user's preferences row, null while they never changed a setting. */
  preferencesOf(userId: string): Promise<Preferences | null>;
  /**
   * One transaction: `lastDigestAt = sentAt` on the preferences row, on the version read
   * (creating it with the defaults when there is none), and the Deals.DigestDue event.
   * 'stale' when the row changed since it was read (another run, a settings change).
   */
  markSent(preferences: Preferences, sentAt: string, event: DigestDueEvent): Promise<'committed' | 'stale'>;
}

export interface DigestDeps {
  repo: DigestRepository;
  clock: Clock;
}
