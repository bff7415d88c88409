import { describe, expect, it } from 'vitest';
import type { Actor } from '@sneakers/shared/actor';
import {
  bookingCreated,
  bookingInformationRequested,
  bookingUpdated,
  buildEvent,
  consignmentCreated,
  consignmentSold,
  offerReceived,
  offerUpdated,
  providerRegistered,
} from '@sneakers/events';
import {
  onBookingCreated,
  onBookingInformationRequested,
  onBookingUpdated,
} from '../../src/emails/domain/bookings';
import { onConsignmentCreated, onConsignmentSold } from '../../src/emails/domain/consignments';
import { listNotifications, markNotificationRead, notificationId } from '../../src/inbox/domain';
import { onOfferReceived, onOfferUpdated } from '../../src/emails/domain/offers';
import { onProviderRegistered } from '../../src/emails/domain/providers';
import { bookingData, failsThenSends, memoryDeps } from './memory';

const meta = { eventId: 'evt-1', occurredAt: '2026-11-22T09:00:00.000Z' };
const received = (itemsCount: number) =>
  buildEvent(
    offerReceived,
    {
      offerIds: ['o1'],
      receiverUserId: 'store',
      senderName: 'Visitor',
      itemsCount,
      listType: 'wtb',
      anonymous: true,
    },
    meta,
  ).detail;
const user = (userId: string): Actor => ({ kind: 'user', userId, isSuperuser: false, isDemo: false });

describe('offer notifications', () => {
  it('notifies and emails once per event, even when the event is delivered again', async () => {
    const m = memoryDeps();
    m.addRecipient('store');
    await onOfferReceived(m.deps, received(2));
    await onOfferReceived(m.deps, received(2));
    expect(m.rows.size).toBe(1);
    expect(m.sent).toHaveLength(1);
    expect(m.sent[0]).toMatchObject({ to: 's@example.com', subject: 'New offer for 2 items' });
    expect(m.sent[0]!.text).toContain('https://app.example/dashboard/offers');
    expect([...m.sends.keys()][0]).toContain('offer_received_unified');
  });

  it('throws on a failed send so the bus retries, and the retry sends', async () => {
    const m = memoryDeps();
    m.addRecipient('store', { language: 'es' });
    m.failOnce();
    await expect(onOfferReceived(m.deps, received(1))).rejects.toThrow('SES down');
    await onOfferReceived(m.deps, received(1));
    expect(m.sent).toHaveLength(1);
    expect(m.sent[0]!.subject).toBe('Nueva oferta en tu lista WTB');
    expect(m.rows.size).toBe(1);
  });

  it('skips the email silently without a recipient email, still notifying in-app', async () => {
    const m = memoryDeps();
    m.addRecipient('store', { contactEmail: null });
    await onOfferReceived(m.deps, received(1));
    expect(m.sent).toHaveLength(0);
    expect(m.rows.size).toBe(1);
  });

  it('sends offer_updated without usage tracking, with the counter price', async () => {
    const m = memoryDeps();
    m.addRecipient('reseller');
    const detail = buildEvent(
      offerUpdated,
      {
        offerId: 'o1',
        status: 'countered',
        counterPrice: 17000,
        currency: 'EUR',
        itemName: 'Dunk Low',
        actorName: 'Store',
        notifyUserId: 'reseller',
      },
      meta,
    ).detail;
    await onOfferUpdated(m.deps, detail);
    expect(m.sent[0]!.text).toContain('Store countered with €170.00 for Dunk Low.');
    expect([...m.sends.values()][0]).toEqual({ status: 'sent', trackUsage: false });
  });

  it('lists with the unread count and marks only own notifications read', async () => {
    const m = memoryDeps();
    await onOfferReceived(m.deps, received(1));
    const id = notificationId('evt-1', 'store', meta.occurredAt);
    expect(await listNotifications(m.deps, user('store'), {})).toMatchObject({ unread: 1, cursor: null });
    await expect(markNotificationRead(m.deps, user('other'), id)).rejects.toMatchObject({ status: 404 });
    expect((await markNotificationRead(m.deps, user('store'), id)).notification.read).toBe(true);
    expect((await listNotifications(m.deps, user('store'), {})).unread).toBe(0);
  });
});

describe('booking emails', () => {
  const data = bookingData;

  it('sends each type once per event, in the store language, with the share link', async () => {
    const { deps, sent, sends } = memoryDeps();
    const created = buildEvent(bookingCreated, data(), meta);
    await onBookingCreated(deps, created.detail);
    await onBookingCreated(deps, created.detail);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ to: 'ana@example.com', subject: 'Booking confirmed: Dunk Low' });
    expect(sent[0]!.text).toContain('Kicks <Madrid> has confirmed your booking.');
    expect(sent[0]!.text).toContain('Remaining: ');
    expect(sent[0]!.text).toContain('https://app.example/booking/Zx_9-share-token-123');
    expect(sent[0]!.html).toContain('Kicks &#60;Madrid&#62;');
    expect([...sends.values()][0]!.trackUsage).toBe(true);

    const es = { language: 'es' as const, status: 'found', prepaidAmount: 0 };
    await onBookingUpdated(deps, buildEvent(bookingUpdated, data(es), { ...meta, eventId: 'evt-2' }).detail);
    await onBookingInformationRequested(
      deps,
      buildEvent(bookingInformationRequested, data({ ...es, storeBusinessName: '' }), {
        ...meta,
        eventId: 'evt-3',
      }).detail,
    );
    expect(sent.map((m) => m.subject)).toEqual([
      'Booking confirmed: Dunk Low',
      'Reserva actualizada: Dunk Low',
      'Tu reserva: Dunk Low',
    ]);
    expect(sent[1]!.text).toContain('Estado: Encontrada');
    expect(sent[1]!.text).not.toContain('Pagado por adelantado');
    expect(sent[2]!.text).toContain('Tu tienda de sneakers');
  });

  it('skips a client without email and retries a failed send', async () => {
    const { deps, sent, failOnce } = memoryDeps();
    await onBookingCreated(deps, buildEvent(bookingCreated, data({ clientEmail: ' ' }), meta).detail);
    expect(sent).toHaveLength(0);
    const event = buildEvent(bookingUpdated, data(), { ...meta, eventId: 'evt-9' });
    await failsThenSends(failOnce, () => onBookingUpdated(deps, event.detail));
    expect(sent).toHaveLength(1);
  });
});

describe('consignment emails', () => {
  const data = (over: Record<string, unknown> = {}) => ({
    consignmentId: 'c1',
    storeUserId: 'store',
    storeBusinessName: 'Kicks <Madrid>',
    language: 'en',
    providerName: 'Ana',
    providerEmail: 'ana@example.com',
    itemName: 'Dunk Low',
    itemSku: 'DD1391-100',
    size: '42',
    price: 9000,
    currency: 'EUR',
    ...over,
  });

  it('sends consignment_created and consignment_sold to the provider once per event, in the store language', async () => {
    const { deps, sent, sends, rows } = memoryDeps();
    const created = buildEvent(consignmentCreated, data(), meta);
    await onConsignmentCreated(deps, created.detail);
    await onConsignmentCreated(deps, created.detail);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ to: 'ana@example.com', subject: 'Consignment received: Dunk Low' });
    expect(sent[0]!.text).toContain('Kicks <Madrid> has received your item on consignment.');
    expect(sent[0]!.text).toContain('Size: 42');
    expect(sent[0]!.text).toContain('Your price: ');
    expect(sent[0]!.text).not.toContain('Sale price');
    expect(sent[0]!.html).toContain('Kicks &#60;Madrid&#62;');
    expect([...sends.keys()]).toEqual(['evt-1#consignment_created#provider']);

    const sold = buildEvent(consignmentSold, data({ language: 'es', storeBusinessName: '' }), {
      ...meta,
      eventId: 'evt-2',
    });
    await onConsignmentSold(deps, sold.detail);
    await onConsignmentSold(deps, sold.detail);
    expect(sent).toHaveLength(2);
    expect(sent[1]!.subject).toBe('Tu artículo en consigna se ha vendido: Dunk Low');
    expect(sent[1]!.text).toContain('Talla: 42');
    // What the provider is owed (the agreed price), never the store's sale price.
    expect(sent[1]!.text).toContain('Importe a tu favor: 90,00');
    expect(sent[1]!.text).not.toContain('Precio de venta');
    expect(sent[1]!.text).toContain('Tu tienda de sneakers');
    // Emails only: no in-app notification.
    expect(rows.size).toBe(0);
  });

  it('skips a provider without email and retries a failed send', async () => {
    const { deps, sent, failOnce } = memoryDeps();
    await onConsignmentCreated(
      deps,
      buildEvent(consignmentCreated, data({ providerEmail: ' ' }), meta).detail,
    );
    expect(sent).toHaveLength(0);
    const event = buildEvent(consignmentSold, data(), { ...meta, eventId: 'evt-9' });
    await failsThenSends(failOnce, () => onConsignmentSold(deps, event.detail));
    expect(sent).toHaveLength(1);
  });
});

describe('consignment_sold and the sale price', () => {
  it('a detail still carrying the sale price (written before it was dropped) parses without it, and the email never shows it', async () => {
    const { deps, sent } = memoryDeps();
    const legacy = {
      schema: consignmentSold.schema,
      eventId: 'evt-legacy',
      occurredAt: '2026-11-22T10:00:00.000Z',
      data: {
        consignmentId: 'c1',
        storeUserId: 'store',
        storeBusinessName: 'Kicks',
        language: 'en',
        providerName: 'Ana',
        providerEmail: 'ana@example.com',
        itemName: 'Dunk Low',
        itemSku: 'DD1391-100',
        size: '42',
        price: 9000,
        salePrice: 15000,
        currency: 'EUR',
      },
    };
    const detail = consignmentSold.detail.parse(legacy);
    expect(detail.data).not.toHaveProperty('salePrice');
    await onConsignmentSold(deps, detail);
    expect(sent[0]!.text).toContain('Owed to you: €90.00');
    expect(sent[0]!.text).toContain('You are owed the price you agreed with the store.');
    expect(`${sent[0]!.text} ${sent[0]!.html}`).not.toMatch(/150|Sale price/);
  });
});

describe('provider registrations', () => {
  const registered = (eventId = 'evt-1') =>
    buildEvent(
      providerRegistered,
      { providerId: 'p1', storeUserId: 'store', providerName: 'Ana' },
      {
        ...meta,
        eventId,
      },
    ).detail;

  it('notify the store in-app once per event, in its language, without email', async () => {
    const m = memoryDeps();
    m.addRecipient('store', { language: 'es' });
    await onProviderRegistered(m.deps, registered());
    await onProviderRegistered(m.deps, registered());
    expect(m.sent).toHaveLength(0);
    const { notifications, unread } = await listNotifications(m.deps, user('store'), {});
    expect(unread).toBe(1);
    expect(notifications).toEqual([
      expect.objectContaining({
        type: 'provider_registered',
        title: 'Nuevo registro de proveedor: Ana',
        link: '/dashboard/providers/p1',
        read: false,
      }),
    ]);
  });

  it('uses English for a store without a profile', async () => {
    const m = memoryDeps();
    await onProviderRegistered(m.deps, registered('evt-2'));
    const { notifications } = await listNotifications(m.deps, user('store'), {});
    expect(notifications[0]!.title).toBe('New provider registration: Ana');
  });
});
