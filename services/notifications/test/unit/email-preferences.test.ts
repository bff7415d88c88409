import { describe, expect, it } from 'vitest';
import { buildEvent, messagesUnread, offerReceived, offerUpdated, profileCreated } from '@sneakers/events';
import { onMessagesUnread } from '../../src/emails/domain/messages';
import { onOfferReceived, onOfferUpdated } from '../../src/emails/domain/offers';
import { onProfileCreated } from '../../src/emails/domain/welcome';
import { memoryDeps } from './memory';

const meta = (eventId: string) => ({ eventId, occurredAt: '2026-11-22T09:00:00.000Z' });
const line = {
  itemName: 'Dunk Low Panda',
  itemSku: 'DD1391-100',
  size: '42',
  quantity: 1,
  offeredPrice: 9000,
};
const received = buildEvent(
  offerReceived,
  {
    offerIds: ['o1'],
    receiverUserId: 'store',
    senderName: 'Pablo',
    itemsCount: 1,
    listType: 'wtb',
    anonymous: false,
    lines: [line],
    currency: 'EUR',
    message: null,
  },
  meta('evt-received'),
).detail;
const updated = buildEvent(
  offerUpdated,
  {
    offerId: 'o1',
    notifyUserId: 'store',
    status: 'accepted',
    actorName: 'Kicks',
    itemName: 'Dunk Low Panda',
    currency: 'EUR',
    lines: [line],
    counterPrice: null,
    counterMessage: null,
    agreedPrice: 9000,
  },
  meta('evt-updated'),
).detail;
const unread = buildEvent(
  messagesUnread,
  { recipientUserId: 'store', unreadTotal: 1, conversationId: 'c1', senderName: 'Pablo', preview: 'Hi' },
  meta('evt-unread'),
).detail;

async function deliverAll(m: ReturnType<typeof memoryDeps>) {
  await onOfferReceived(m.deps, received);
  await onOfferUpdated(m.deps, updated);
  await onMessagesUnread(m.deps, unread);
  return m.sent.map((mail) => mail.subject);
}

describe('email preferences per kind (Settings)', () => {
  it('skip only the kinds the user turned off; the in-app notifications are still written', async () => {
    const all = memoryDeps();
    all.addRecipient('store');
    expect(await deliverAll(all)).toHaveLength(3);

    const m = memoryDeps();
    m.addRecipient('store', { mutedEmails: ['offers', 'messages'] });
    expect(await deliverAll(m)).toEqual(['Offer accepted: Dunk Low Panda']);
    expect(m.rows.size).toBe(2);

    const off = memoryDeps();
    off.addRecipient('store', { emailNotifications: false });
    expect(await deliverAll(off)).toEqual([]);
  });
});

describe('welcome email (Profile.Created)', () => {
  const created = (language: 'en' | 'es') =>
    buildEvent(
      profileCreated,
      {
        userId: 'u1',
        role: 'store',
        businessName: 'Kicks',
        contactEmail: ' k@example.com ',
        language,
        trialEndsAt: '2026-12-06T10:00:00.000Z',
      },
      meta('profile-created.u1'),
    ).detail;

  it('is sent once, in the sign-up language, with the trial end date and three linked steps', async () => {
    const m = memoryDeps();
    await onProfileCreated(m.deps, created('en'));
    await onProfileCreated(m.deps, created('en'));
    expect(m.sent).toHaveLength(1);
    const [mail] = m.sent;
    expect(mail?.to).toBe('k@example.com');
    expect(mail?.subject).toBe('Welcome to Sneaker CRM, Kicks');
    expect(mail?.text).toContain('It ends on December 6, 2026');
    expect(mail?.text).toContain(
      '1. Add your first pairs to your inventory. https://app.example/dashboard/inventory',
    );
    expect(mail?.text).toContain('3. Record your first sale');
    expect([...m.sends.values()]).toEqual([{ status: 'sent', trackUsage: false }]);

    const es = memoryDeps();
    await onProfileCreated(es.deps, created('es'));
    expect(es.sent[0]?.subject).toBe('Te damos la bienvenida a Sneaker CRM, Kicks');
    expect(es.sent[0]?.text).toContain('Termina el 6 de diciembre de 2026');
  });
});
