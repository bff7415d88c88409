import type { OutgoingEmail } from '@sneakers/shared/email/mailer';
import { isMessageKey, languageOf, t, type Language } from '../catalogue';
import { detailsEmail, money, storeName, type Message } from './layout';

/**
 * Commerce emails, written as the store: the sale confirmation to the client, the payment to
 * the provider and the online order's confirmation to its buyer.
 */
export type CommerceEmailType = 'sale_confirmation' | 'payment' | 'order_confirmation';

/** send-sale-confirmation-email: saleData, itemData, clientData, businessData (events/src/commerce.ts). */
export interface SaleConfirmationEmailData {
  storeBusinessName: string;
  language: string;
  clientName: string;
  clientEmail: string;
  itemName: string;
  itemSku: string;
  size: string;
  quantity: number;
  salePrice: number;
  currency: string;
  saleDate: string;
  shippingCarrier: string | null;
  trackingNumber: string | null;
  notes: string | null;
}

/** send-payment-email: paymentData, providerData, businessData. */
export interface PaymentEmailData {
  storeBusinessName: string;
  language: string;
  providerName: string;
  providerEmail: string;
  totalAmount: number;
  currency: string;
  paymentMethod: string;
  paymentDate: string;
  notes: string | null;
  consignmentCount: number;
}

const optional = (label: string, value: string | null) =>
  value?.trim() ? [[label, value.trim()] as const] : [];

export function saleConfirmationEmail(data: SaleConfirmationEmailData): OutgoingEmail {
  const language = languageOf(data.language);
  const store = storeName(language, data.storeBusinessName);
  return detailsEmail({
    to: data.clientEmail.trim(),
    subject: t(language, 'sales.confirmation.subject', { store, itemName: data.itemName }),
    hello: t(language, 'common.hello', { name: data.clientName }),
    intro: t(language, 'sales.confirmation.intro', { store }),
    details: [
      [t(language, 'common.product'), `${data.itemName} (${data.itemSku})`],
      [t(language, 'common.size'), data.size],
      ...(data.quantity > 1 ? [[t(language, 'sales.quantity'), String(data.quantity)] as const] : []),
      [t(language, 'common.salePrice'), money(data.salePrice, data.currency, language)],
      [t(language, 'sales.date'), data.saleDate],
      ...optional(t(language, 'sales.carrier'), data.shippingCarrier),
      ...optional(t(language, 'sales.tracking'), data.trackingNumber),
      ...optional(t(language, 'sales.notes'), data.notes),
      [t(language, 'common.store'), store],
    ],
  });
}

function methodLabel(language: Language, method: string): string {
  const key = `payments.methods.${method}`;
  return isMessageKey(key) ? t(language, key) : method;
}

export function paymentEmail(data: PaymentEmailData): OutgoingEmail {
  const language = languageOf(data.language);
  const store = storeName(language, data.storeBusinessName);
  const amount = money(data.totalAmount, data.currency, language);
  return detailsEmail({
    to: data.providerEmail.trim(),
    subject: t(language, 'payments.subject', { store, amount }),
    hello: t(language, 'common.hello', { name: data.providerName }),
    intro: t(language, 'payments.intro', { store, count: data.consignmentCount }),
    details: [
      [t(language, 'payments.amount'), amount],
      [t(language, 'payments.method'), methodLabel(language, data.paymentMethod)],
      [t(language, 'payments.date'), data.paymentDate],
      ...optional(t(language, 'payments.notes'), data.notes),
      [t(language, 'common.store'), store],
    ],
  });
}

/** Order.Created of a storefront order (events/src/commerce.ts), as the buyer's email and the store's notification read it. */
export interface OnlineOrderCopy {
  storeBusinessName: string;
  buyerName: string;
  buyerEmail: string | null;
  total: number;
  currency: string;
  lines: readonly { name: string; sku: string; size: string; quantity: number; unitPrice: number }[];
  stockMissing?: boolean | undefined;
}

/** order_confirmation: the online buyer's receipt, in the buyer's language, with the order's shareable page. */
export function orderConfirmationEmail(
  to: string,
  language: Language,
  data: OnlineOrderCopy,
  orderLink: string,
): OutgoingEmail {
  const store = storeName(language, data.storeBusinessName);
  const first = data.lines[0];
  return detailsEmail({
    to,
    subject: t(language, 'orders.confirmation.subject', { store, itemName: first?.name ?? '' }),
    hello: t(language, 'common.hello', { name: data.buyerName }),
    intro: t(language, 'orders.confirmation.intro', { store }),
    details: [
      ...data.lines.flatMap((line) => [
        [t(language, 'common.product'), `${line.name} (${line.sku.toUpperCase()})`] as const,
        [t(language, 'common.size'), line.size] as const,
        ...(line.quantity > 1 ? [[t(language, 'sales.quantity'), String(line.quantity)] as const] : []),
      ]),
      [t(language, 'orders.confirmation.total'), money(data.total, data.currency, language)],
      [t(language, 'common.store'), store],
    ],
    action: { label: t(language, 'orders.confirmation.action'), link: orderLink },
  });
}

/** The store's in-app notification of a new online order. */
export function onlineOrderMessage(language: Language, data: OnlineOrderCopy): Message {
  const first = data.lines[0];
  const params = { buyerName: data.buyerName, total: money(data.total, data.currency, language) };
  return {
    title: t(language, 'orders.created.title', { product: first?.name ?? '', size: first?.size ?? '' }),
    body: t(language, data.stockMissing ? 'orders.created.stockMissing' : 'orders.created.body', params),
  };
}
