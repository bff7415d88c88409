import type { DocumentClient } from '@sneakers/shared/table/client';
import { Service, toRecord } from '@sneakers/shared/table/entity';
import { outboxEntity, outboxItem } from '@sneakers/shared/table/outbox';
import { queryPage } from '@sneakers/shared/table/paging';
import { isConditionalFailure, transact } from '@sneakers/shared/table/transaction';
import { conversationMemberEntity } from '../conversations/conversation-member-entity';
import { createConversationsRepository } from '../conversations/repository';
import type { UnreadCounterRecord, UnreadRepository } from './ports';
import { EMAIL_QUEUE, unreadCounterEntity, type UnreadCounterItem } from './unread-counter-entity';

const DEFAULT_PAGE = 25;

const toCounterRecord = (row: UnreadCounterItem): UnreadCounterRecord =>
  toRecord(unreadCounterEntity.schema, row);

/**
 * Access patterns (no Scan): the badge is one consistent GetItem of the user's counter; the
 * email sweep Queries gsi3 (sparse: only counters with a pending email) for those due. A
 * read is one TransactWriteItems (inbox row, counter, outbox event) through the shared
 * `transact`. The inbox row is the conversations' read.
 */
export function createUnreadRepository(client: DocumentClient, table: string): UnreadRepository {
  const service = new Service(
    { member: conversationMemberEntity, counter: unreadCounterEntity, outbox: outboxEntity },
    { client, table },
  );
  const { counter } = service.entities;
  const { getMember } = createConversationsRepository(client, table);

  return {
    getMember,
    async getCounter(userId) {
      const { data } = await counter.get({ userId }).go({ consistent: true });
      return data ? toCounterRecord(data) : null;
    },
    markRead: ({ userId, conversationId, unreadCount, total, clearsDue, event }) =>
      transact(
        () =>
          service.transaction
            .write(({ member: mb, counter: ct, outbox }) => {
              const next = { total: Math.max(0, total - unreadCount) };
              // Emptied: the pending message email is cancelled with it.
              const counterWrite = clearsDue
                ? ct
                    .patch({ userId })
                    .remove(['emailDueAt', 'emailQueue'])
                    .set(next)
                    .where(({ total: t }, { eq }) => eq(t, total))
                    .commit()
                : ct
                    .patch({ userId })
                    .set(next)
                    .where(({ total: t }, { eq }) => eq(t, total))
                    .commit();
              return [
                mb
                  .patch({ userId, conversationId })
                  .set({ unreadCount: 0 })
                  .where(({ unreadCount: n }, { eq }) => eq(n, unreadCount))
                  .commit(),
                counterWrite,
                outbox.create(outboxItem(event)).commit(),
              ];
            })
            .go(),
        ['stale', 'stale'],
      ),

    listDueCounters: (now, page) =>
      queryPage(
        page,
        { index: 'gsi3', defaultLimit: DEFAULT_PAGE },
        (go) =>
          counter.query
            .emailDue({ emailQueue: EMAIL_QUEUE })
            .lte({ emailDueAt: now })
            .go({ order: 'asc', ...go }),
        toCounterRecord,
      ),
    async clearDue(userId, emailDueAt, event) {
      if (!event) {
        try {
          await counter
            .patch({ userId })
            .remove(['emailDueAt', 'emailQueue'])
            .where(({ emailDueAt: due }, { eq }) => eq(due, emailDueAt))
            .go();
          return 'committed';
        } catch (error) {
          if (isConditionalFailure(error)) return 'changed';
          throw error;
        }
      }
      return transact(
        () =>
          service.transaction
            .write(({ counter: ct, outbox }) => [
              ct
                .patch({ userId })
                .remove(['emailDueAt', 'emailQueue'])
                .where(({ emailDueAt: due }, { eq }) => eq(due, emailDueAt))
                .commit(),
              outbox.create(outboxItem(event)).commit(),
            ])
            .go(),
        ['changed'],
      );
    },
  };
}
