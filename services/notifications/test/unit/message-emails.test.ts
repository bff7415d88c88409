import { describe, expect, it } from 'vitest';
import { buildEvent, messagesUnread } from '@sneakers/events';
import { onMessagesUnread } from '../../src/emails/domain/messages';
import { memoryDeps } from './memory';

const unread = (
  data: Partial<Parameters<typeof buildEvent<typeof messagesUnread.data>>[1]> = {},
  eventId = 'evt-1',
) =>
  buildEvent(
    messagesUnread,
    {
      recipientUserId: 'store',
      unreadTotal: 3,
      conversationId: 'conv 1/2',
      senderName: 'Resell Madrid',
      preview: 'Do you still have the <b>Pandas</b> in 42?',
      ...data,
    },
    { eventId, occurredAt: '2026-11-22T09:00:00.000Z' },
  ).detail;

function withStore(language: 'en' | 'es' = 'en', emailNotifications = true) {
  const m = memoryDeps();
  m.addRecipient('store', { contactEmail: ' s@example.com ', language, emailNotifications });
  return m;
}

describe('message_received email (Messages.Unread)', () => {
  it('tells the recipient who wrote, what, how many wait, and links the conversation; usage not tracked', async () => {
    const m = withStore();
    await onMessagesUnread(m.deps, unread());
    expect(m.sent).toHaveLength(1);
    const [email] = m.sent;
    expect(email?.to).toBe('s@example.com');
    expect(email?.subject).toBe('New message from Resell Madrid');
    const link = 'https://app.example/dashboard/messages?conversation=conv%201%2F2';
    expect(email?.text).toBe(
      [
        'Resell Madrid sent you a message:',
        '',
        '“Do you still have the <b>Pandas</b> in 42?”',
        '',
        'You have 3 unread messages.',
        '',
        `Open your messages: ${link}`,
      ].join('\n'),
    );
    expect(email?.html).toContain('&#60;b&#62;Pandas&#60;/b&#62;');
    expect(email?.html).not.toContain('<b>');
    expect(email?.html).toContain(`href="${link}"`);
    expect([...m.sends.values()]).toEqual([{ status: 'sent', trackUsage: false }]);
    expect(m.rows.size).toBe(0);
  });

  it("is in the recipient's language (es), one message in the singular", async () => {
    const m = withStore('es');
    await onMessagesUnread(m.deps, unread({ unreadTotal: 1 }));
    expect(m.sent[0]?.subject).toBe('Nuevo mensaje de Resell Madrid');
    expect(m.sent[0]?.text).toContain('Resell Madrid te ha enviado un mensaje:');
    expect(m.sent[0]?.text).toContain('Tienes 1 mensaje sin leer.');
    expect(m.sent[0]?.text).toContain(
      'Abrir tus mensajes: https://app.example/dashboard/messages?conversation=',
    );
  });

  it('names a sender without a business name generically', async () => {
    const m = withStore();
    await onMessagesUnread(m.deps, unread({ senderName: '  ', unreadTotal: 1 }));
    expect(m.sent[0]?.subject).toBe('New message from A trading partner');
    expect(m.sent[0]?.text).toContain('You have 1 unread message.');
  });

  it('is sent once per event, however often it is delivered', async () => {
    const m = withStore();
    await onMessagesUnread(m.deps, unread());
    await onMessagesUnread(m.deps, unread());
    expect(m.sent).toHaveLength(1);
    await onMessagesUnread(m.deps, unread({}, 'evt-2'));
    expect(m.sent).toHaveLength(2);
  });

  it('is skipped when the recipient turned email notifications off, has no address or no profile', async () => {
    const off = withStore('en', false);
    await onMessagesUnread(off.deps, unread());
    expect(off.sent).toEqual([]);
    const noAddress = memoryDeps();
    noAddress.addRecipient('store', { contactEmail: null });
    await onMessagesUnread(noAddress.deps, unread());
    expect(noAddress.sent).toEqual([]);
    const nobody = memoryDeps();
    await onMessagesUnread(nobody.deps, unread());
    expect(nobody.sent).toEqual([]);
  });

  it('retries a failed send: the next delivery sends it', async () => {
    const m = withStore();
    m.failOnce();
    await expect(onMessagesUnread(m.deps, unread())).rejects.toThrow('SES down');
    await onMessagesUnread(m.deps, unread());
    expect(m.sent).toHaveLength(1);
  });
});
