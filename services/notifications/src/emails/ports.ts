import type * as z from 'zod/mini';
import type { Clock } from '@sneakers/shared/clock';
import type { Mailer } from '@sneakers/shared/email/mailer';
import type { EventDefinition, EventDetail } from '@sneakers/events';
import type { InboxRepository } from '../inbox/ports';

/** An event's detail as its consumer receives it: parsed by the event's own schema. */
export type DetailOf<E> = E extends EventDefinition<infer D> ? EventDetail<z.output<D>> : never;

/** 'claimed' to send now; 'sent' when already sent; 'busy' when another delivery holds the claim. */
export type EmailClaim = 'claimed' | 'sent' | 'busy';

/** The send-once records, one per `eventId#type#recipient`. */
export interface EmailSendRepository {
  /** Claims `sendKey` unless it is sent or claimed less than EMAIL_CLAIM_MS ago. */
  claimEmail(sendKey: string, now: Date, trackUsage: boolean): Promise<EmailClaim>;
  completeEmail(sendKey: string, now: Date): Promise<void>;
  releaseEmail(sendKey: string): Promise<void>;
}

export interface EmailsDeps {
  emails: EmailSendRepository;
  /** The recipients' profiles, and the in-app notifications some events also add. */
  inbox: Pick<InboxRepository, 'getRecipient' | 'add'>;
  mailer: Mailer;
  clock: Clock;
  /** The SPA origin for links in emails; links stay relative without it. */
  appUrl: string | undefined;
}
