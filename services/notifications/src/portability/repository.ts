import type { AccountRowsEraser } from '@sneakers/shared/portability/owner';
import type { DocumentClient } from '@sneakers/shared/table/client';
import { Service } from '@sneakers/shared/table/entity';
import { notificationEntity } from '../inbox/notification-entity';
import { unreadCounterEntity } from '../inbox/unread-counter-entity';

/**
 * A closed account's in-app notifications and their unread counter
 * (docs/product/accounts.md#closing-the-account). The emails' send records carry no content
 * and expire by TTL. Queries of the account's partition; no Scan.
 */
export function createNotificationsEraser(client: DocumentClient, table: string): AccountRowsEraser {
  const { notifications, counters } = new Service(
    { notifications: notificationEntity, counters: unreadCounterEntity },
    { client, table },
  ).entities;

  return {
    passes: (recipientUserId, limit) => [
      async () => {
        const { data } = await notifications.query
          .byRecipient({ recipientUserId })
          .go({ limit, attributes: ['id'] });
        if (data.length) await notifications.delete(data.map(({ id }) => ({ recipientUserId, id }))).go();
        return { deleted: data.length, anonymised: 0 };
      },
      async () => {
        const { data } = await counters.get({ recipientUserId }).go({ attributes: ['recipientUserId'] });
        if (!data) return { deleted: 0, anonymised: 0 };
        await counters.delete({ recipientUserId }).go();
        return { deleted: 1, anonymised: 0 };
      },
    ],
  };
}
