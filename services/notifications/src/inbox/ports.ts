import type { Clock } from '@sneakers/shared/clock';
import type { Notification } from '@sneakers/shared/contracts/notifications';
import type { Page, PageRequest } from '@sneakers/shared/paging/page';
import type { RecordOf } from '@sneakers/shared/table/entity';
import type { Language, Message } from '../emails';
import type { NotificationRow } from './notification-entity';

export type NotificationType = Notification['type'];

/**
 * A notification as the entity stores it, absent attributes as null. `title` and `body` are
 * the text in the recipient's language when it was created; `texts` holds it in every
 * supported language (null on records written before it existed).
 */
export type NotificationRecord = RecordOf<NotificationRow>;

/** What an event adds to its recipient's inbox (`addNotification`). */
export interface NewNotification {
  eventId: string;
  occurredAt: string;
  recipientUserId: string;
  type: NotificationType;
  /** The template, rendered in every language; a ready `Message` is all the notification has. */
  message: Message | ((language: Language) => Message);
  /** The recipient's, for the record's own title and body; English by default. */
  language?: Language;
  link: string;
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
  /** How billing emails greet the account; empty when the profile has none. */
  businessName: string;
  language: Language;
  emailNotifications: boolean;
  /** The kinds of email the user turned off (EMAIL_KINDS). */
  mutedEmails: readonly string[];
}

export interface InboxRepository {
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
}

export interface InboxDeps {
  inbox: InboxRepository;
  clock: Clock;
}
