import { fixedClock } from '@sneakers/shared/clock';
import type { OutgoingEmail } from '@sneakers/shared/email/mailer';
import type { InboxEvent, NotificationRecord, NotificationsDeps, Recipient } from '../../src/domain/ports';

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
  const deps: NotificationsDeps = {
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
    repo: {
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
  return { deps, recipients, rows, sends, sent, events, failOnce: () => (failNext = true) };
}
