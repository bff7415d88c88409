import { describe, expect, it } from 'vitest';
import type { Actor } from '@sneakers/shared/actor';
import { buildEvent, offerUpdated, providerRegistered } from '@sneakers/events';
import {
  addNotification,
  listNotifications,
  markNotificationRead,
  notificationId,
  renderTexts,
  textOf,
} from '../../src/inbox/domain';
import { onOfferUpdated } from '../../src/emails/domain/offers';
import { onProviderRegistered } from '../../src/emails/domain/providers';
import { offerReceivedMessage } from '../../src/emails';
import { memoryDeps } from './memory';

const reader = (userId: string): Actor => ({ kind: 'user', userId, isSuperuser: false, isDemo: false });
const meta = { eventId: 'evt-1', occurredAt: '2026-11-22T09:00:00.000Z' };

function spanishStore() {
  const m = memoryDeps();
  m.addRecipient('store', { contactEmail: null, language: 'es' });
  return m;
}

describe('notification texts in every language', () => {
  it('renders one template in English and Spanish', () => {
    const texts = renderTexts((language) =>
      offerReceivedMessage(language, { senderName: 'Ana', itemsCount: 1, listType: 'wtb' }),
    );
    expect(texts).toEqual({
      en: { title: 'New offer on your WTB list', body: 'Ana made an offer on your WTB list.' },
      es: { title: 'Nueva oferta en tu lista WTB', body: 'Ana ha hecho una oferta en tu lista WTB.' },
    });
  });

  it('names the online store, not a list, for an offer sent from a storefront product page', () => {
    const texts = renderTexts((language) =>
      offerReceivedMessage(language, { senderName: 'Ana', itemsCount: 1, listType: 'inventory' }),
    );
    expect(texts).toEqual({
      en: {
        title: 'New offer from your online store',
        body: 'Ana made an offer on a pair in your online store.',
      },
      es: {
        title: 'Nueva oferta desde tu tienda online',
        body: 'Ana ha hecho una oferta por un par de tu tienda online.',
      },
    });
  });

  it('stores both languages, and its own title in the recipient language', async () => {
    const m = spanishStore();
    await onProviderRegistered(
      m.deps,
      buildEvent(providerRegistered, { providerId: 'p1', storeUserId: 'store', providerName: 'Lola' }, meta)
        .detail,
    );
    const [row] = [...m.rows.values()];
    expect(row?.title).toBe(row?.texts?.es?.title);
    expect(row?.texts?.en?.title).toBe('New provider registration: Lola');
    expect(row?.texts?.es?.title).not.toBe(row?.texts?.en?.title);
  });

  it('answers in the language asked for, else the reader profile language', async () => {
    const m = spanishStore();
    const countered = buildEvent(
      offerUpdated,
      {
        offerId: 'o1',
        notifyUserId: 'store',
        status: 'countered',
        actorName: 'Rey',
        itemName: 'Dunk Low',
        counterPrice: 17000,
        currency: 'EUR',
      },
      meta,
    ).detail;
    await onOfferUpdated(m.deps, countered);
    const byDefault = await listNotifications(m.deps, reader('store'), {});
    expect(byDefault.notifications[0]).toMatchObject({
      title: 'Oferta contraofertada: Dunk Low',
      body: 'Rey ha contraofertado 170,00\u00a0€ por Dunk Low.',
    });
    const english = await listNotifications(m.deps, reader('store'), { language: 'en' });
    expect(english.notifications[0]).toMatchObject({
      title: 'Offer countered: Dunk Low',
      body: 'Rey countered with €170.00 for Dunk Low.',
    });
  });

  it('reads a record from before texts were stored with its own title and body', () => {
    const old = { title: 'Old', body: 'English only', texts: null };
    expect(textOf(old, 'es')).toEqual({ title: 'Old', body: 'English only' });
    expect(textOf({ ...old, texts: { en: { title: 'T', body: 'B' } } }, 'es')).toEqual({
      title: 'Old',
      body: 'English only',
    });
  });

  it('still takes a ready message (one language) from callers that pass one', async () => {
    const m = spanishStore();
    await addNotification(m.deps, {
      ...meta,
      recipientUserId: 'store',
      type: 'offer_received',
      message: { title: 'Hola', body: 'Cuerpo' },
      link: '/dashboard/offers',
    });
    const { notifications } = await listNotifications(m.deps, reader('store'), { language: 'en' });
    expect(notifications[0]).toMatchObject({ title: 'Hola', body: 'Cuerpo' });
  });
});

describe('inbox events', () => {
  it('publishes Notification.Added once per notification and Notification.Read once per read', async () => {
    const m = spanishStore();
    const event = buildEvent(
      providerRegistered,
      { providerId: 'p1', storeUserId: 'store', providerName: 'Lola' },
      meta,
    ).detail;
    await onProviderRegistered(m.deps, event);
    await onProviderRegistered(m.deps, event);
    const id = notificationId('evt-1', 'store', meta.occurredAt);
    await markNotificationRead(m.deps, reader('store'), id);
    await markNotificationRead(m.deps, reader('store'), id);
    expect(m.events.map((e) => [e.detailType, e.eventId, e.detail])).toEqual([
      [
        'Notification.Added',
        `${id}.added`,
        expect.objectContaining({ data: { notificationId: id, recipientUserId: 'store' } }),
      ],
      [
        'Notification.Read',
        `${id}.read`,
        expect.objectContaining({ data: { notificationId: id, recipientUserId: 'store' } }),
      ],
    ]);
  });
});
