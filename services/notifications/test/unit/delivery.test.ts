import { describe, expect, it } from 'vitest';
import { bookingCreated, buildEvent } from '@sneakers/events';
import { EmailInFlightError, sendOnce } from '../../src/emails/domain/delivery';
import { notificationsFunction } from '../../src/functions/notifications';
import { memoryDeps } from './memory';

const email = { to: 'a@example.com', subject: 's', text: 't', html: 'h' };

describe('sendOnce', () => {
  it('throws a retryable error while another delivery holds the claim, and sends once it is free', async () => {
    const m = memoryDeps();
    m.sends.set('k', { status: 'sending', trackUsage: true });
    await expect(sendOnce(m.deps, 'k', email, true)).rejects.toBeInstanceOf(EmailInFlightError);
    expect(m.sent).toHaveLength(0);
    // The holder crashed: its claim expires (the store retakes it), and the retry sends.
    m.sends.delete('k');
    expect(await sendOnce(m.deps, 'k', email, true)).toBe('sent');
    expect(await sendOnce(m.deps, 'k', email, true)).toBe('skipped');
    expect(m.sent).toHaveLength(1);
  });
});

describe('consumers', () => {
  it('keep their ids and event types', () => {
    expect(notificationsFunction.consumers.map((c) => [c.id, ...c.detailTypes])).toEqual([
      ['notify-offer-received', 'Offer.Received'],
      ['notify-offer-updated', 'Offer.Updated'],
      ['email-offer-answered', 'Offer.AnonymousAnswered'],
      ['email-booking-created', 'Booking.Created'],
      ['email-booking-updated', 'Booking.Updated'],
      ['email-booking-information', 'Booking.InformationRequested'],
      ['email-consignment-created', 'Consignment.Created'],
      ['email-consignment-sold', 'Consignment.Sold'],
      ['email-sale-confirmation', 'Sale.Recorded'],
      ['notify-order-created', 'Order.Created'],
      ['email-payment', 'Payment.Recorded'],
      ['notify-provider-registered', 'Provider.Registered'],
      ['email-message-received', 'Messages.Unread'],
      ['email-welcome', 'Profile.Created'],
      ['email-storefront-requested', 'Storefront.EmailRequested'],
      ['notify-subscription-changed', 'Billing.SubscriptionChanged'],
      ['notify-trial-ending', 'Billing.TrialEnding'],
      ['email-payment-failed', 'Billing.PaymentFailed'],
      ['email-invoice-paid', 'Billing.InvoicePaid'],
      ['notify-webhook-disabled', 'WebhookEndpoint.Disabled'],
      ['notify-deals-matched', 'Deals.Matched'],
      ['email-deals-digest', 'Deals.DigestDue'],
      ['email-export-ready', 'Migration.ExportReady'],
      ['email-account-closure', 'Account.ClosureRequested'],
      ['email-account-deleted', 'Account.Deleted'],
    ]);
  });

  it('refuse a detail that is not the event (the bus retries, then parks it)', async () => {
    const consumer = notificationsFunction.consumers.find((c) => c.id === 'email-booking-created')!;
    const detail = buildEvent(
      bookingCreated,
      {
        bookingId: 'b1',
        storeUserId: 's',
        shareId: 'x',
        clientName: 'A',
        clientEmail: 'a@example.com',
        itemName: 'I',
        itemSku: 'S',
        size: '42',
        salePrice: 1,
        prepaidAmount: 0,
        currency: 'EUR',
        status: 'active',
        language: 'en',
        storeBusinessName: 'K',
      },
      { eventId: 'e', occurredAt: '2026-01-01T00:00:00.000Z' },
    ).detail;
    const envelope = { id: 'e', detailType: 'Booking.Created', source: 'sneakers.crm', time: '' };
    // As the Lambda handler awaits it (the shared consumer may throw before returning a promise).
    const handle = (d: unknown) => Promise.resolve().then(() => consumer.handle({ ...envelope, detail: d }));
    await expect(handle({ ...detail, schema: 'offer-received.v1' })).rejects.toThrow(
      'Expected booking-created.v1',
    );
    await expect(handle({ ...detail, data: {} })).rejects.toThrow();
  });
});
