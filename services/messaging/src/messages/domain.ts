import type * as z from 'zod/mini';
import { requireUser, requireWriter, type Actor } from '@sneakers/shared/actor';
import { MESSAGES_PAGE_SIZE_MAX, type sendMessageSchema } from '@sneakers/shared/contracts/messaging';
import type { Message } from '@sneakers/shared/contracts/message-values';
import { BadRequestError } from '@sneakers/shared/errors';
import { takeOrRefuse } from '@sneakers/shared/rate-limit/rate-limit';
import { TransactionBusyError } from '@sneakers/shared/table/transaction';
import { buildEvent } from '@sneakers/events/define-event';
import { messageSent } from '@sneakers/events/messaging';
import { conversationNotFound, requireMember } from '../conversations/domain';
import type { UnreadCounterRecord } from '../unread/ports';
import { emailDueAt } from '../unread/rules';
import type { CounterChange, MessagesDeps } from './ports';

/**
 * Messages (docs/product/messaging-and-ratings.md#thread): each send is one transaction (the
 * message, its seq, the client message id, both inbox rows, the partner's unread counter and
 * Message.Sent), so a message is never lost half-written, never sent twice by a retry, and
 * counted unread once.
 */
export type SendInput = z.output<typeof sendMessageSchema>;

/** A sender's messages in a rolling window (the shared rate limit): a person typing never meets it. */
export const MESSAGES_PER_WINDOW = 20;
export const MESSAGE_WINDOW_MS = 10_000;
export const MESSAGE_RATE_MESSAGE = `Too many messages: at most ${MESSAGES_PER_WINDOW} every ${MESSAGE_WINDOW_MS / 1000} seconds. Please slow down.`;

/** Re-plans of a send that lost its seq (another send of the conversation) or found the counter changed. */
export const SEND_ATTEMPTS = 12;
const DEFAULT_MESSAGES = 50;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The recipient's unread counter after this send: a pending email keeps its due time, else one starts now. */
export function counterChange(
  counter: Pick<UnreadCounterRecord, 'emailDueAt'> | null,
  now: Date,
): CounterChange {
  return counter?.emailDueAt
    ? { kind: 'keepDue', emailDueAt: counter.emailDueAt }
    : { kind: 'startDue', emailDueAt: emailDueAt(now) };
}

async function replayOf(deps: MessagesDeps, conversationId: string, seq: number | null): Promise<Message> {
  const message = seq === null ? null : await deps.repo.getMessage(conversationId, seq);
  if (!message) throw new Error(`A client message id of ${conversationId} is recorded without its message`);
  return message;
}

/** 201 with the message, or the first one (200) when this clientMessageId was already sent. */
export async function sendMessage(
  deps: MessagesDeps,
  actor: Actor,
  conversationId: string,
  input: SendInput,
): Promise<{ message: Message; created: boolean }> {
  const user = requireWriter(actor);
  const [member, sender, sentSeq] = await Promise.all([
    requireMember(deps, user.userId, conversationId),
    deps.repo.getProfile(user.userId),
    deps.repo.getClientMessageSeq(conversationId, user.userId, input.clientMessageId),
  ]);
  if (sentSeq !== null) return { message: await replayOf(deps, conversationId, sentSeq), created: false };
  if (!sender)
    throw new BadRequestError('PROFILE_REQUIRED', 'Complete your profile before sending messages.');
  const recipientUserId = member.partnerUserId;
  const slot = await takeOrRefuse(
    deps.limiter,
    `messaging.send#${user.userId}`,
    { limit: MESSAGES_PER_WINDOW, windowMs: MESSAGE_WINDOW_MS },
    deps.clock.now(),
    MESSAGE_RATE_MESSAGE,
  );

  for (let attempt = 0; attempt < SEND_ATTEMPTS; attempt++) {
    if (attempt > 0) await sleep(Math.random() * 15 * Math.min(attempt, 4));
    const [conversation, counter] = await Promise.all([
      deps.repo.getConversation(conversationId),
      deps.repo.getCounter(recipientUserId),
    ]);
    if (!conversation) throw conversationNotFound();
    const now = deps.clock.now();
    const createdAt = now.toISOString();
    const message: Message = {
      id: deps.ids.next(),
      conversationId,
      seq: conversation.lastSeq + 1,
      senderUserId: user.userId,
      senderName: sender.businessName,
      content: input.content,
      clientMessageId: input.clientMessageId,
      createdAt,
    };
    const outcome = await deps.repo.sendMessage({
      message,
      previousSeq: conversation.lastSeq,
      senderUserId: user.userId,
      recipientUserId,
      counter: counterChange(counter, now),
      event: buildEvent(
        messageSent,
        { recipientUserId, message },
        { eventId: deps.ids.next(), occurredAt: createdAt },
      ),
    });
    if (outcome === 'committed') return { message, created: true };
    if (outcome === 'duplicate') {
      // A retry of a send that committed: it takes no slot and counts nothing.
      await deps.limiter.release(slot);
      const seq = await deps.repo.getClientMessageSeq(conversationId, user.userId, input.clientMessageId);
      return { message: await replayOf(deps, conversationId, seq), created: false };
    }
  }
  throw new TransactionBusyError();
}

export interface MessageRange {
  after?: number | undefined;
  before?: number | undefined;
  limit?: number | undefined;
}

/** Messages in server order: the latest, those after a seq (catch-up) or before one (older). */
export async function listMessages(
  deps: Pick<MessagesDeps, 'repo'>,
  actor: Actor,
  conversationId: string,
  range: MessageRange,
): Promise<{ messages: Message[]; hasMore: boolean }> {
  const user = requireUser(actor);
  if (range.after !== undefined && range.before !== undefined)
    throw new BadRequestError('INVALID_RANGE', 'Ask for messages after a seq or before one, not both.');
  await requireMember(deps, user.userId, conversationId);
  return deps.repo.listMessages(conversationId, {
    after: range.after,
    before: range.before,
    limit: Math.min(range.limit ?? DEFAULT_MESSAGES, MESSAGES_PAGE_SIZE_MAX),
  });
}
