import { Service, type EntityItem } from '@sneakers/shared/table/entity';
import type { DocumentClient } from '@sneakers/shared/table/client';
import { queryPage } from '@sneakers/shared/table/paging';
import { epochSeconds, orNull } from '@sneakers/shared/table/store-helpers';
import { outboxEntity, outboxItem } from '@sneakers/shared/table/outbox';
import { conditional, transact } from '@sneakers/shared/table/transaction';
import { profileView } from '@sneakers/shared/views/profile-view';
import { EMAIL_CLAIM_MS } from '../domain/delivery';
import type { NotificationRecord, NotificationsRepository } from '../domain/ports';
import { emailSendEntity, notificationEntity, unreadCounterEntity } from './entities';

const EMAIL_RECORD_TTL_SECONDS = 7 * 24 * 3600;
const DEFAULT_PAGE = 25;

type NotificationRow = EntityItem<typeof notificationEntity>;

/** ElectroDB stores no nulls: a notification without a link has no attribute. */
function toRecord(row: NotificationRow): NotificationRecord {
  return {
    id: row.id,
    recipientUserId: row.recipientUserId,
    eventId: row.eventId,
    type: row.type,
    title: row.title,
    body: row.body,
    texts: orNull(row.texts),
    link: orNull(row.link),
    read: row.read,
    createdAt: row.createdAt,
  };
}

/**
 * Access patterns: Query the recipient's partition newest first; GetItem the unread
 * counter; create/mark-read are transactions with the counter and their outbox event;
 * email sends are conditional Puts on `eventId#type#recipient`; GetItem on the
 * recipient's profile.
 */
export function createNotificationsRepository(
  client: DocumentClient,
  table: string,
): NotificationsRepository {
  const service = new Service(
    {
      notification: notificationEntity,
      counter: unreadCounterEntity,
      email: emailSendEntity,
      profile: profileView,
      outbox: outboxEntity,
    },
    { client, table },
  );
  const { notification, counter, email, profile } = service.entities;

  return {
    async getRecipient(userId) {
      const { data } = await profile
        .get({ userId })
        .go({ attributes: ['contactEmail', 'language', 'emailNotifications'] });
      if (!data) return null;
      return {
        userId,
        contactEmail: data.contactEmail,
        language: data.language,
        emailNotifications: data.emailNotifications,
      };
    },
    async add(record, event) {
      const { link, texts, ...rest } = record;
      const outcome = await transact(
        () =>
          service.transaction
            .write(({ notification: n, counter: c, outbox: o }) => [
              n.create({ ...rest, ...(link ? { link } : {}), ...(texts ? { texts } : {}) }).commit(),
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
        toRecord,
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
      return data ? toRecord(data) : null;
    },
    async claimEmail(sendKey, now, trackUsage) {
      const at = now.getTime();
      const claim = await conditional(
        () =>
          email
            .put({
              sendKey,
              status: 'sending',
              claimedAt: at,
              trackUsage,
              ttl: epochSeconds(at) + EMAIL_RECORD_TTL_SECONDS,
            })
            .where(
              ({ status, claimedAt }, { notExists, eq, lt }) =>
                `${notExists(status)} OR (${eq(status, 'sending')} AND ${lt(claimedAt, at - EMAIL_CLAIM_MS)})`,
            )
            .go(),
        'taken',
      );
      if (claim === 'committed') return 'claimed';
      const { data } = await email.get({ sendKey }).go({ consistent: true });
      return data?.status === 'sent' ? 'sent' : 'busy';
    },
    async completeEmail(sendKey, now) {
      await email.patch({ sendKey }).set({ status: 'sent', sentAt: now.getTime() }).go();
    },
    async releaseEmail(sendKey) {
      await email.delete({ sendKey }).go();
    },
  };
}
