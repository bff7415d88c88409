import { requireUser, requireWriter, type Actor } from '@sneakers/shared/actor';
import { buildEvent } from '@sneakers/events/define-event';
import { conversationRead, messagesUnread } from '@sneakers/events/messaging';
import { TransactionBusyError } from '@sneakers/shared/table/transaction';
import { requireMember } from '../conversations/domain';
import type { UnreadDeps } from './ports';

/**
 * Unread counts (docs/product/messaging-and-ratings.md#unread-counts): each inbox row has its
 * own count, and a per-user counter sums them for the sidebar's badge in one GetItem. The
 * counter also carries the message email's due time (MESSAGE_EMAIL_DELAY_MINUTES after the
 * first unread message of a burst, docs/product/messaging-and-ratings.md#message-emails);
 * reading everything cancels the email, and the sweep sends one per burst.
 */
const READ_ATTEMPTS = 8;
/** Counters one sweep run reads per page. */
const SWEEP_PAGE = 100;

export async function getUnreadTotal(deps: Pick<UnreadDeps, 'repo'>, actor: Actor): Promise<number> {
  const user = requireUser(actor);
  return Math.max(0, (await deps.repo.getCounter(user.userId))?.total ?? 0);
}

/**
 * mark_conversation_as_read: the caller's count of it drops to 0 and their total by as
 * much, with Conversation.Read (their other tabs refetch). Nothing unread: no write. A write
 * like any other: demo users get 403 DEMO_MODE (the seeded badge stays as seeded).
 */
export async function markConversationRead(
  deps: UnreadDeps,
  actor: Actor,
  conversationId: string,
): Promise<number> {
  const user = requireWriter(actor);
  for (let attempt = 0; attempt < READ_ATTEMPTS; attempt++) {
    const [member, counter] = await Promise.all([
      requireMember(deps, user.userId, conversationId, true),
      deps.repo.getCounter(user.userId),
    ]);
    const total = Math.max(0, counter?.total ?? 0);
    if (member.unreadCount <= 0) return total;
    const after = Math.max(0, total - member.unreadCount);
    const outcome = await deps.repo.markRead({
      userId: user.userId,
      conversationId,
      unreadCount: member.unreadCount,
      total: counter?.total ?? 0,
      clearsDue: after === 0,
      event: buildEvent(
        conversationRead,
        { conversationId, userId: user.userId, unreadTotal: after },
        { eventId: deps.ids.next(), occurredAt: deps.clock.now().toISOString() },
      ),
    });
    if (outcome === 'committed') return after;
  }
  throw new TransactionBusyError();
}

export interface SweepResult {
  /** The Messages.Unread events written: one per recipient with a due burst. */
  emailed: { recipientUserId: string; eventId: string }[];
  /** Due counters read in the meantime: nothing to email. */
  cleared: number;
}

/**
 * The message email sweep (every minute): each counter whose email is due is cleared, with
 * a Messages.Unread event when messages are still unread; a counter changed meanwhile (read,
 * or swept by an overlapping run) is left to whoever changed it. The clock is the deps', so
 * a test can run it ahead of time.
 */
export async function sweepMessageEmails(deps: UnreadDeps): Promise<SweepResult> {
  const now = deps.clock.now();
  const result: SweepResult = { emailed: [], cleared: 0 };
  let cursor: string | null = null;
  do {
    const page = await deps.repo.listDueCounters(now.toISOString(), {
      cursor: cursor ?? undefined,
      limit: SWEEP_PAGE,
    });
    for (const counter of page.items) {
      if (!counter.emailDueAt) continue;
      if (counter.total <= 0) {
        if ((await deps.repo.clearDue(counter.userId, counter.emailDueAt, null)) === 'committed')
          result.cleared++;
        continue;
      }
      const eventId = deps.ids.next();
      const event = buildEvent(
        messagesUnread,
        {
          recipientUserId: counter.userId,
          unreadTotal: counter.total,
          conversationId: counter.lastConversationId ?? '',
          senderName: counter.lastSenderName ?? '',
          preview: counter.lastPreview ?? '',
        },
        { eventId, occurredAt: now.toISOString() },
      );
      if ((await deps.repo.clearDue(counter.userId, counter.emailDueAt, event)) === 'committed')
        result.emailed.push({ recipientUserId: counter.userId, eventId });
    }
    cursor = page.cursor;
  } while (cursor);
  return result;
}
