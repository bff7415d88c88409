import type { Clock } from '@sneakers/shared/clock';
import type { Notification } from '@sneakers/shared/contracts/notifications';
import type { Mailer } from '@sneakers/shared/email/mailer';
import type { Page, PageRequest } from '@sneakers/shared/paging/page';
import type { EventDefinition, EventDetail } from '@sneakers/events';
import type * as z from 'zod/mini';
import type { Language } from '../emails';

/** An event's detail as its consumer receives it: parsed by the event's own schema. */
export type DetailOf<E> = E extends EventDefinition<infer D> ? EventDetail<z.output<D>> : never;

/** What the use cases need from the outside world; adapters in src/store and src/deps.ts. */
export type NotificationType = Notification['type'];

export interface NotificationRecord extends Notification {
  recipientUserId: string;
  eventId: string;
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
  /** Conditional create plus the unread counter, in one transaction; false when it already exists. */
  add(record: NotificationRecord): Promise<boolean>;
  /** Newest first. */
  list(userId: string, page: PageRequest): Promise<Page<NotificationRecord>>;
  unreadCount(userId: string): Promise<number>;
  /** Null when the user has no notification with this id. */
  markRead(userId: string, id: string): Promise<NotificationRecord | null>;
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
