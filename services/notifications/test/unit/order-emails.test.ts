import { describe, expect, it } from 'vitest';
import { buildEvent, orderCreated } from '@sneakers/events';
import { onOrderCreated } from '../../src/emails/domain/commerce';
import { memoryDeps } from './memory';

/** Order.Created of an online order (docs/product/notifications-and-emails.md#order-confirmation-email). */
const created = (over: Record<string, unknown> = {}, id = 'evt-1') =>
  buildEvent(
    orderCreated,
    {
      orderId: 'o-1',
      storeUserId: 'store-1',
      storeBusinessName: 'Kicks Madrid',
      kind: 'sale',
      status: 'paid',
      channel: 'storefront',
      checkoutId: 'o-1',
      shareId: 'share-abc',
      total: 18000,
      currency: 'EUR',
      buyerName: 'Lucía',
      buyerEmail: 'lucia@example.com',
      buyerLocale: 'es',
      lines: [{ name: 'Dunk Low Panda', sku: 'dd1391-100', size: '42', quantity: 1, unitPrice: 18000 }],
      createdAt: '2026-11-28T10:00:00.000Z',
      ...over,
    },
    { eventId: id, occurredAt: '2026-11-28T10:00:00.000Z' },
  ).detail;

describe('an online order (Order.Created, channel storefront)', () => {
  it("emails the buyer once in the buyer's language with the order's page, and notifies the store in the store's", async () => {
    const m = memoryDeps();
    m.addRecipient('store-1', { contactEmail: 'owner@kicks.example', language: 'en' });
    await onOrderCreated(m.deps, created());
    await onOrderCreated(m.deps, created());
    expect(m.sent).toHaveLength(1);
    expect(m.sent[0]).toMatchObject({
      to: 'lucia@example.com',
      subject: 'Tu pedido en Kicks Madrid: Dunk Low Panda',
    });
    expect(m.sent[0]?.text).toContain('DD1391-100');
    expect(m.sent[0]?.text).toContain('Talla: 42');
    expect(m.sent[0]?.text).toContain('/orders/share-abc');
    expect([...m.rows.values()]).toEqual([
      expect.objectContaining({
        recipientUserId: 'store-1',
        type: 'order',
        title: 'New online order: Dunk Low Panda (42)',
        link: '/dashboard/order/o-1',
      }),
    ]);
  });

  it('says in the notification when the pair was gone, and tells nobody of other channels', async () => {
    const m = memoryDeps();
    m.addRecipient('store-1', { contactEmail: 'owner@kicks.example', language: 'es' });
    await onOrderCreated(m.deps, created({ stockMissing: true }));
    expect([...m.rows.values()][0]).toMatchObject({
      title: 'Nuevo pedido online: Dunk Low Panda (42)',
      body: expect.stringContaining('reembólsalo o sustitúyelo'),
    });
    const other = memoryDeps();
    await onOrderCreated(other.deps, created({ channel: 'dashboard' }, 'evt-2'));
    expect(other.sent).toHaveLength(0);
    expect(other.rows.size).toBe(0);
  });
});
