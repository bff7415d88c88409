import { expect } from 'vitest';
import { fixedClock } from '@sneakers/shared/clock';
import type { OutgoingEmail } from '@sneakers/shared/email/mailer';
import type { EmailsDeps } from '../../src/emails/ports';
import type { InboxDeps, InboxEvent, NotificationRecord, Recipient } from '../../src/inbox/ports';

/**
 * In-memory deps: recipients, notifications, the inbox events they published, email claims
 * and a mailer that can fail once.
 */
export function memoryDeps() {
  const clock = fixedClock('2026-11-22T10:00:00Z');
  const recipients = new Map<string, Recipient>();
  const rows = new Map<string, NotificationRecord>();
  const sends = new Map<string, { status: 'sending' | 'sent'; trackUsage: boolean }>();
  const sent: OutgoingEmail[] = [];
  const events: InboxEvent[] = [];
  let failNext = false;
  const deps: InboxDeps & EmailsDeps = {
    clock,
    appUrl: 'https://app.example',
    mailer: {
      send: async (email) => {
        if (failNext) {
          failNext = false;
          throw new Error('SES down');
        }
        sent.push(email);
      },
    },
    inbox: {
      getRecipient: async (id) => recipients.get(id) ?? null,
      add: async (r, event) => {
        const k = `${r.recipientUserId}#${r.id}`;
        if (rows.has(k)) return false;
        rows.set(k, { ...r });
        events.push(event);
        return true;
      },
      list: async (userId) => ({
        items: [...rows.values()]
          .filter((r) => r.recipientUserId === userId)
          .sort((a, b) => b.id.localeCompare(a.id)),
        cursor: null,
      }),
      unreadCount: async (userId) =>
        [...rows.values()].filter((r) => r.recipientUserId === userId && !r.read).length,
      markRead: async (userId, id, event) => {
        const r = rows.get(`${userId}#${id}`);
        if (!r) return null;
        if (!r.read) events.push(event);
        r.read = true;
        return { ...r };
      },
    },
    emails: {
      claimEmail: async (k, _now, trackUsage) => {
        const s = sends.get(k);
        if (s) return s.status === 'sent' ? 'sent' : 'busy';
        sends.set(k, { status: 'sending', trackUsage });
        return 'claimed';
      },
      completeEmail: async (k) => {
        const s = sends.get(k);
        if (s) s.status = 'sent';
      },
      releaseEmail: async (k) => void sends.delete(k),
    },
  };
  /** A recipient with a profile: `{first letter}@example.com`, English, email notifications on. */
  const addRecipient = (userId: string, over: Partial<Recipient> = {}) =>
    void recipients.set(userId, {
      userId,
      contactEmail: `${userId[0]}@example.com`,
      businessName: '',
      language: 'en',
      emailNotifications: true,
      mutedEmails: [],
      ...over,
    });
  return { deps, recipients, rows, sends, sent, events, addRecipient, failOnce: () => (failNext = true) };
}

/** A booking event's data as crm publishes it (a deposit, an active booking, in English). */
export const bookingData = (over: Record<string, unknown> = {}) => ({
  bookingId: 'b1',
  storeUserId: 'store',
  shareId: 'Zx_9-share-token-123',
  clientName: 'Ana',
  clientEmail: 'ana@example.com',
  itemName: 'Dunk Low',
  itemSku: 'DD1391-100',
  size: '42',
  salePrice: 15000,
  prepaidAmount: 5000,
  currency: 'EUR',
  status: 'active',
  language: 'en' as const,
  storeBusinessName: 'Kicks <Madrid>',
  ...over,
});

/** With the mailer failing once, `send` throws (so the bus retries), and its retry goes through. */
export async function failsThenSends(failOnce: () => void, send: () => Promise<unknown>) {
  failOnce();
  await expect(send()).rejects.toThrow('SES down');
  await send();
}
