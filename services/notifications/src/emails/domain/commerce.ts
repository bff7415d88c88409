import type { orderCreated, paymentRecorded, saleRecorded } from '@sneakers/events';
import {
  appLink,
  languageOf,
  onlineOrderMessage,
  orderConfirmationEmail,
  paymentEmail,
  saleConfirmationEmail,
} from '../index';
import { addNotification } from '../../inbox/domain';
import { recipientOf, sendKey, sendOnce } from './delivery';
import type { DetailOf, EmailsDeps } from '../ports';

/**
 * Commerce emails (an in-app notification only for an online order): the event carries everything. Skipped silently
 * without an address or when the store chose not to notify; sent once per event. A failed
 * send throws, so the bus retries; the sale or payment is committed already.
 */

/** Sale.Recorded → sale_confirmation to the client. */
export async function onSaleRecorded(deps: EmailsDeps, event: DetailOf<typeof saleRecorded>): Promise<void> {
  const { data } = event;
  if (!data.notifyClient || !data.clientEmail.trim()) return;
  await sendOnce(
    deps,
    sendKey(event.eventId, 'sale_confirmation', 'client'),
    saleConfirmationEmail(data),
    true,
  );
}

/** Payment.Recorded → payment to the provider. */
export async function onPaymentRecorded(
  deps: EmailsDeps,
  event: DetailOf<typeof paymentRecorded>,
): Promise<void> {
  const { data } = event;
  if (!data.notifyProvider || !data.providerEmail.trim()) return;
  await sendOnce(deps, sendKey(event.eventId, 'payment', 'provider'), paymentEmail(data), true);
}

/** The store's page of one order. */
export const orderLink = (orderId: string) => `/dashboard/order/${encodeURIComponent(orderId)}`;

/** The order's shareable page, which the buyer's email links to. */
export const sharedOrderLink = (shareId: string) => `/orders/${encodeURIComponent(shareId)}`;

/**
 * Order.Created of an online order (docs/product/commerce.md#online-orders) → the store's
 * in-app notification (with its realtime push) and the buyer's order confirmation in the
 * buyer's storefront language. Other channels' orders tell nobody: the store made them.
 */
export async function onOrderCreated(deps: EmailsDeps, event: DetailOf<typeof orderCreated>): Promise<void> {
  const { data } = event;
  if (data.channel !== 'storefront') return;
  const { language } = await recipientOf(deps, data.storeUserId);
  await addNotification(deps, {
    eventId: event.eventId,
    occurredAt: event.occurredAt,
    recipientUserId: data.storeUserId,
    type: 'order',
    message: (lang) => onlineOrderMessage(lang, data),
    language,
    link: orderLink(data.orderId),
  });
  const to = data.buyerEmail?.trim();
  if (!to) return;
  await sendOnce(
    deps,
    sendKey(event.eventId, 'order_confirmation', 'buyer'),
    orderConfirmationEmail(
      to,
      languageOf(data.buyerLocale),
      data,
      appLink(deps.appUrl, sharedOrderLink(data.shareId)),
    ),
    true,
  );
}
