import { randomUUID } from 'node:crypto';
import { Service } from '@sneakers/shared/table/entity';
import { describe, expect, it } from 'vitest';
import { buildEvent, messagesUnread } from '@sneakers/events';
import { updateMyProfile } from '@sneakers/shared/contracts/profiles';
import { outboxEntity, outboxItem } from '@sneakers/shared/table/outbox';
import { mailTo, poll } from '../../../../tests/support/cloud-client';
import { localTable, storeWithProfile } from './support';

/**
 * Issue 15: Messages.Unread becomes one message_received email in the recipient's language,
 * unless they turned email notifications off. The event is published as the messaging
 * service's sweep publishes it: an outbox row, which the stream relays to the bus.
 */
async function publishUnread(data: Parameters<typeof buildEvent<typeof messagesUnread.data>>[1]) {
  const { outbox } = new Service({ outbox: outboxEntity }, localTable()).entities;
  const event = buildEvent(messagesUnread, data, {
    eventId: `messages-unread-${randomUUID()}`,
    occurredAt: new Date().toISOString(),
  });
  await outbox.create(outboxItem(event)).go();
}

async function trader(language: 'en' | 'es') {
  const { userId, contactEmail, client } = await storeWithProfile({
    language,
    businessName: 'Kicks London',
    contactEmail: `trader-${randomUUID()}@example.com`,
  });
  return { userId, contactEmail, client };
}

describe('message_received email', () => {
  it("goes once to the recipient, in their language, with the sender, a preview, the count and the conversation's link", async () => {
    const cases = [
      {
        language: 'en',
        subject: 'New message from Zapas Madrid',
        lines: ['Zapas Madrid sent you a message:', 'You have 2 unread messages.'],
      },
      {
        language: 'es',
        subject: 'Nuevo mensaje de Zapas Madrid',
        lines: ['Zapas Madrid te ha enviado un mensaje:', 'Tienes 2 mensajes sin leer.'],
      },
    ] as const;
    const sent = await Promise.all(
      cases.map(async (expected) => {
        const recipient = await trader(expected.language);
        const conversationId = randomUUID();
        await publishUnread({
          recipientUserId: recipient.userId,
          unreadTotal: 2,
          conversationId,
          senderName: 'Zapas Madrid',
          preview: '¿Tienes las Panda en 42?',
        });
        return { expected, recipient, conversationId };
      }),
    );
    for (const { recipient } of sent)
      await poll(
        () => mailTo(recipient.contactEmail),
        (m) => m.length > 0,
        20_000,
      );
    // Lets a duplicate delivery land before counting.
    await new Promise((r) => setTimeout(r, 1000));
    for (const { expected, recipient, conversationId } of sent) {
      const mails = await mailTo(recipient.contactEmail);
      expect(mails.map((m) => m.subject)).toEqual([expected.subject]);
      const text = mails[0]?.body.text ?? '';
      for (const line of expected.lines) expect(text).toContain(line);
      expect(text).toContain('“¿Tienes las Panda en 42?”');
      expect(text).toContain(`/dashboard/messages?conversation=${conversationId}`);
      expect(mails[0]?.body.html).toContain(`/dashboard/messages?conversation=${conversationId}`);
    }
  }, 60_000);

  it('is not sent to a recipient who turned email notifications off', async () => {
    const off = await trader('en');
    await off.client.call(updateMyProfile, { body: { emailNotifications: false } });
    const on = await trader('en');
    const event = (recipientUserId: string) => ({
      recipientUserId,
      unreadTotal: 1,
      conversationId: randomUUID(),
      senderName: 'Zapas Madrid',
      preview: 'Hola',
    });
    await publishUnread(event(off.userId));
    // Published after the first: once its email arrived, the first had its turn too.
    await publishUnread(event(on.userId));
    expect(
      await poll(
        () => mailTo(on.contactEmail),
        (m) => m.length > 0,
        20_000,
      ),
    ).toHaveLength(1);
    await new Promise((r) => setTimeout(r, 1000));
    expect(await mailTo(off.contactEmail)).toEqual([]);
  }, 60_000);
});
