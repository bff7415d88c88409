import type { Clock } from '@sneakers/shared/clock';
import type { IdGenerator } from '@sneakers/shared/ids';
import type { Page, PageRequest } from '@sneakers/shared/paging/page';
import type { RecordOf } from '@sneakers/shared/table/entity';
import type { OutboxEvent } from '@sneakers/shared/table/outbox';
import type { Committed } from '@sneakers/shared/table/transaction';
import type { ConversationsRepository } from '../conversations/ports';
import type { UnreadCounterItem } from './unread-counter-entity';

/** A user's unread total, and the pending message email of their latest burst (or nulls). */
export type UnreadCounterRecord = RecordOf<UnreadCounterItem>;

export interface ReadWrite {
  userId: string;
  conversationId: string;
  /** The member's unread count as read (the condition), and the counter's total. */
  unreadCount: number;
  total: number;
  /** Set when the read empties the counter: its pending email is cancelled. */
  clearsDue: boolean;
  event: OutboxEvent;
}

/** What the unread use cases need from storage; `repository.ts` implements it. */
export interface UnreadRepository extends Pick<ConversationsRepository, 'getMember'> {
  getCounter(userId: string): Promise<UnreadCounterRecord | null>;
  /** 'stale': the member's count or the counter changed since they were read. */
  markRead(write: ReadWrite): Promise<Committed | 'stale'>;
  /** Counters whose email is due at `now`, oldest due first. */
  listDueCounters(now: string, page: PageRequest): Promise<Page<UnreadCounterRecord>>;
  /** Clears the pending email (condition: still due at `emailDueAt`), writing `event` with it when given. */
  clearDue(userId: string, emailDueAt: string, event: OutboxEvent | null): Promise<Committed | 'changed'>;
}

export interface UnreadDeps {
  repo: UnreadRepository;
  clock: Clock;
  ids: IdGenerator;
}
