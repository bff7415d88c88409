import { Service } from 'electrodb';
import { ValidationError } from '@sneakers/shared/errors';
import type { DocumentClient } from '@sneakers/shared/table/client';
import {
  EMAIL_CLAIM_MS,
  type NotificationRecord,
  type NotificationsRepository,
} from '../domain/notifications';
import { emailSendEntity, notificationEntity, recipientProfileEntity, unreadCounterEntity } from './entities';
import { isConditionalFailure, type Canceled } from '@sneakers/shared/table/store-helpers';

const EMAIL_RECORD_TTL_SECONDS = 7 * 24 * 3600;
const DEFAULT_PAGE = 25;

/**
 * Access patterns: Query the recipient's partition newest first; GetItem the unread
 * counter; create/mark-read are transactions with the counter; email sends are
 * conditional Puts on `eventId#type#recipient`; GetItem on the recipient's profile.
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
      profile: recipientProfileEntity,
    },
    { client, table },
  );
  const { notification, counter, email, profile } = service.entities;

  const toRecord = (row: Record<string, unknown>): NotificationRecord => {
    const r = row as unknown as NotificationRecord;
    return { ...r, link: r.link ?? null };
  };

  async function transact(build: () => Promise<unknown>): Promise<Canceled> {
    for (let attempt = 0; ; attempt++) {
      const result = (await build()) as Canceled;
      if (!result.canceled || !result.data.some((d) => d.code === 'TransactionConflict') || attempt >= 4)
        return result;
      await new Promise((r) => setTimeout(r, 20 * 2 ** attempt + Math.random() * 20));
    }
  }

  return {
    async getRecipient(userId) {
      const { data } = await profile.get({ userId }).go();
      if (!data) return null;
      return {
        userId,
        contactEmail: data.contactEmail ?? null,
        language: data.language ?? 'en',
        emailNotifications: data.emailNotifications ?? true,
      };
    },
    async add(record) {
      const { link, ...rest } = record;
      const result = await transact(() =>
        service.transaction
          .write(({ notification: n, counter: c }) => [
            n.create({ ...rest, ...(link ? { link } : {}) }).commit(),
            c.update({ recipientUserId: record.recipientUserId }).add({ unread: 1 }).commit(),
          ])
          .go(),
      );
      if (!result.canceled) return true;
      if (result.data[0]?.code === 'ConditionalCheckFailed') return false;
      throw new Error(`Notification transaction canceled: ${result.data.map((d) => d.code).join(',')}`);
    },
    async list(userId, page) {
      try {
        const { data, cursor } = await notification.query
          .byRecipient({ recipientUserId: userId })
          .go({ order: 'desc', limit: page.limit ?? DEFAULT_PAGE, cursor: page.cursor ?? null });
        return { records: data.map((d) => toRecord(d)), cursor: cursor ?? null };
      } catch (error) {
        if (/cursor|ExclusiveStartKey|starting key/i.test((error as Error).message ?? ''))
          throw new ValidationError('The page cursor is not valid.', { cursor: ['Invalid cursor'] });
        throw error;
      }
    },
    async unreadCount(userId) {
      const { data } = await counter.get({ recipientUserId: userId }).go();
      return Math.max(0, data?.unread ?? 0);
    },
    async markRead(userId, id) {
      const result = await transact(() =>
        service.transaction
          .write(({ notification: n, counter: c }) => [
            n
              .patch({ recipientUserId: userId, id })
              .set({ read: true })
              .where(({ read }, { eq }) => eq(read, false))
              .commit(),
            c.update({ recipientUserId: userId }).add({ unread: -1 }).commit(),
          ])
          .go(),
      );
      if (result.canceled && !result.data.some((d) => d.code === 'ConditionalCheckFailed'))
        throw new Error(`Mark-read transaction canceled: ${result.data.map((d) => d.code).join(',')}`);
      // Read back: missing → not this user's; already read → idempotent.
      const { data } = await notification.get({ recipientUserId: userId, id }).go({ consistent: true });
      return data ? toRecord(data) : null;
    },
    async claimEmail(sendKey, now, trackUsage) {
      const at = now.getTime();
      try {
        await email
          .put({
            sendKey,
            status: 'sending',
            claimedAt: at,
            trackUsage,
            ttl: Math.floor(at / 1000) + EMAIL_RECORD_TTL_SECONDS,
          })
          .where(
            ({ status, claimedAt }, { notExists, eq, lt }) =>
              `${notExists(status)} OR (${eq(status, 'sending')} AND ${lt(claimedAt, at - EMAIL_CLAIM_MS)})`,
          )
          .go();
        return 'claimed';
      } catch (error) {
        if (!isConditionalFailure(error)) throw error;
      }
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
