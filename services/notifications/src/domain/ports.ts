import type { Clock } from '@sneakers/shared/clock';
import type { Notification } from '@sneakers/shared/contracts/notifications';
import type { Mailer } from '@sneakers/shared/email/mailer';
import type { Page, PageRequest } from '@sneakers/shared/paging/page';
import type { EventDefinition, EventDetail } from '@sneakers/events';
import type * as z from 'zod/mini';
import type { Language, Message } from '../emails';

/** An event's detail as its consumer receives it: parsed by the event's own schema. */
export type DetailOf<E> = E extends EventDefinition<infer D> ? EventDetail<z.output<D>> : never;

/** What the use cases need from the outside world; adapters in src/store and src/deps.ts. */
export type NotificationType = Notification['type'];

/**
 * `title` and `body` are the text in the recipient's language when it was created; `texts`
 * holds it in every supported language (absent on records written before it existed).
 */
export interface NotificationRecord extends Notification {
  recipientUserId: string;
  eventId: string;
  texts: Partial<Record<Language, Message>> | null;
}

/** The event a change to the inbox publishes (through the outbox, in the same transaction). */
export interface InboxEvent {
  eventId: string;
  source: string;
  detailType: string;
  detail: unknown;
  occurredAt: string;
}

/** The recipient's profile, as far as notifications need it. */
export interface Recipient {
  userId: string;
  contactEmail: string | null;
  language: Language;
  emailNotifications: boolean;
}

/** 'claimed' to send now; 'sent' when already sent; 'busy' when another delivery holds the claim. */
export type EmailClaim = 'claimed' | 'sent' | 'busy';

export interface NotificationsRepository {
  getRecipient(userId: string): Promise<Recipient | null>;
  /**
   * Conditional create plus the unread counter and the event, in one transaction; false
   * when it already exists (nothing is written, nothing published).
   */
  add(record: NotificationRecord, event: InboxEvent): Promise<boolean>;
  /** Newest first. */
  list(userId: string, page: PageRequest): Promise<Page<NotificationRecord>>;
  unreadCount(userId: string): Promise<number>;
  /**
   * Null when the user has no notification with this id. The event is published only when
   * this call turned it read.
   */
  markRead(userId: string, id: string, event: InboxEvent): Promise<NotificationRecord | null>;
  /** Claims `sendKey` unless it is sent or claimed less than EMAIL_CLAIM_MS ago. */
  claimEmail(sendKey: string, now: Date, trackUsage: boolean): Promise<EmailClaim>;
  completeEmail(sendKey: string, now: Date): Promise<void>;
  releaseEmail(sendKey: string): Promise<void>;
}

export interface NotificationsDeps {
  repo: NotificationsRepository;
  mailer: Mailer;
  clock: Clock;
  /** The SPA origin for links in emails; links stay relative without it. */
  appUrl: string | undefined;
}
