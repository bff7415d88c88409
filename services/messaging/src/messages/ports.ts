import type { Clock } from '@sneakers/shared/clock';
import type { Message } from '@sneakers/shared/contracts/message-values';
import type { IdGenerator } from '@sneakers/shared/ids';
import type { RateLimiter } from '@sneakers/shared/rate-limit/rate-limit';
import type { OutboxEvent } from '@sneakers/shared/table/outbox';
import type { Committed } from '@sneakers/shared/table/transaction';
import type { ConversationRecord, ConversationsRepository } from '../conversations/ports';
import type { UnreadRepository } from '../unread/ports';

/** How the send changes the recipient's unread counter: it either keeps a pending email's due time or starts one. */
export type CounterChange =
  { kind: 'keepDue'; emailDueAt: string } | { kind: 'startDue'; emailDueAt: string };

export interface SendWrite {
  message: Message;
  /** The conversation's lastSeq this send read (the condition). */
  previousSeq: number;
  senderUserId: string;
  recipientUserId: string;
  counter: CounterChange;
  event: OutboxEvent;
}

/**
 * What the message use cases need from storage; `repository.ts` implements it. A send
 * checks the sender's inbox row and profile and reads the recipient's unread counter.
 */
export interface MessagesRepository
  extends Pick<ConversationsRepository, 'getMember' | 'getProfile'>, Pick<UnreadRepository, 'getCounter'> {
  getConversation(conversationId: string): Promise<ConversationRecord | null>;
  /** 'duplicate': this client message id was sent before; 'seqTaken': another send took the seq; 'counterChanged': re-read the counter. */
  sendMessage(write: SendWrite): Promise<Committed | 'duplicate' | 'seqTaken' | 'counterChanged'>;
  getClientMessageSeq(
    conversationId: string,
    senderUserId: string,
    clientMessageId: string,
  ): Promise<number | null>;
  getMessage(conversationId: string, seq: number): Promise<Message | null>;
  /** Messages in ascending seq: after `after`, before `before`, or the latest; at most `limit`, and whether more exist that way. */
  listMessages(
    conversationId: string,
    range: { after?: number | undefined; before?: number | undefined; limit: number },
  ): Promise<{ messages: Message[]; hasMore: boolean }>;
}

export interface MessagesDeps {
  repo: MessagesRepository;
  limiter: RateLimiter;
  clock: Clock;
  ids: IdGenerator;
}
