import type { DocumentClient } from '@sneakers/shared/table/client';
import { Service, toRecord, toRow } from '@sneakers/shared/table/entity';
import { outboxEntity, outboxItem } from '@sneakers/shared/table/outbox';
import { queryPage } from '@sneakers/shared/table/paging';
import { transact } from '@sneakers/shared/table/transaction';
import { profileView } from '@sneakers/shared/views/profile-view';
import { notificationEntity, type NotificationRow } from './notification-entity';
import type { InboxRepository } from './ports';
import { unreadCounterEntity } from './unread-counter-entity';

const DEFAULT_PAGE = 25;

const toNotificationRecord = (row: NotificationRow) => toRecord(notificationEntity.schema, row);

/**
 * Access patterns: Query the recipient's partition newest first; GetItem the unread
 * counter; create/mark-read are transactions with the counter and their outbox event;
 * GetItem on the recipient's profile.
 */
export function createInboxRepository(client: DocumentClient, table: string): InboxRepository {
  const service = new Service(
    {
      notification: notificationEntity,
      counter: unreadCounterEntity,
      profile: profileView,
      outbox: outboxEntity,
    },
    { client, table },
  );
  const { notification, counter, profile } = service.entities;

  return {
    async getRecipient(userId) {
      const { data } = await profile.get({ userId }).go({
        attributes: ['contactEmail', 'businessName', 'language', 'emailNotifications', 'mutedEmails'],
      });
      if (!data) return null;
      return {
        userId,
        contactEmail: data.contactEmail,
        businessName: data.businessName ?? '',
        language: data.language,
        emailNotifications: data.emailNotifications,
        mutedEmails: data.mutedEmails ?? [],
      };
    },
    async add(record, event) {
      const outcome = await transact(
        () =>
          service.transaction
            .write(({ notification: n, counter: c, outbox: o }) => [
              n.create(toRow(record)).commit(),
              c.update({ recipientUserId: record.recipientUserId }).add({ unread: 1 }).commit(),
              o.create(outboxItem(event)).commit(),
            ])
            .go(),
        ['duplicate', null],
      );
      return outcome === 'committed';
    },
    async list(userId, page) {
      return queryPage(
        page,
        { defaultLimit: DEFAULT_PAGE },
        (go) => notification.query.byRecipient({ recipientUserId: userId }).go({ order: 'desc', ...go }),
        toNotificationRecord,
      );
    },
    async unreadCount(userId) {
      const { data } = await counter.get({ recipientUserId: userId }).go();
      return Math.max(0, data?.unread ?? 0);
    },
    async markRead(userId, id, event) {
      // 'unchanged': missing (not this user's) or already read; the read-back tells which.
      await transact(
        () =>
          service.transaction
            .write(({ notification: n, counter: c, outbox: o }) => [
              n
                .patch({ recipientUserId: userId, id })
                .set({ read: true })
                .where(({ read }, { eq }) => eq(read, false))
                .commit(),
              c.update({ recipientUserId: userId }).add({ unread: -1 }).commit(),
              o.create(outboxItem(event)).commit(),
            ])
            .go(),
        ['unchanged', null],
      );
      const { data } = await notification.get({ recipientUserId: userId, id }).go({ consistent: true });
      return data ? toNotificationRecord(data) : null;
    },
  };
}
