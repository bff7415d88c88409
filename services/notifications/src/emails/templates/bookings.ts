import type { OutgoingEmail } from '@sneakers/shared/email/mailer';
import { remainingAmount, showsPrepaid } from '@sneakers/shared/rules/booking-money';
import { isMessageKey, t, type Language } from '../catalogue';
import { appLink, detailsEmail, money, storeName } from './layout';

/**
 * Booking emails to the client (docs/product/notifications-and-emails.md#booking-emails),
 * written as the store.
 */
export type BookingEmailType = 'booking_confirmation' | 'booking_update' | 'booking_information';

export interface BookingEmailData {
  shareId: string;
  clientName: string;
  clientEmail: string;
  itemName: string;
  itemSku: string;
  size: string;
  salePrice: number;
  prepaidAmount: number;
  currency: string;
  status: string;
  language: Language;
  storeBusinessName: string;
}

const COPY = {
  booking_confirmation: 'bookings.confirmation',
  booking_update: 'bookings.update',
  booking_information: 'bookings.information',
} as const;

/** A status the catalogue has no word for is shown as it is. */
function statusWord(language: Language, status: string): string {
  const key = `bookings.statuses.${status}`;
  return isMessageKey(key) ? t(language, key) : status;
}

/**
 * In the store's language; the prepaid and remaining lines only with a deposit
 * (docs/product/notifications-and-emails.md#booking-emails).
 */
export function bookingEmail(
  type: BookingEmailType,
  data: BookingEmailData,
  appUrl: string | undefined,
): OutgoingEmail {
  const language = data.language;
  const params = { store: storeName(language, data.storeBusinessName), itemName: data.itemName };
  const amount = (cents: number) => money(cents, data.currency, language);
  return detailsEmail({
    to: data.clientEmail.trim(),
    subject: t(language, `${COPY[type]}.subject`, params),
    hello: t(language, 'common.hello', { name: data.clientName }),
    intro: t(language, `${COPY[type]}.intro`, params),
    details: [
      [t(language, 'common.product'), `${data.itemName} (${data.itemSku})`],
      [t(language, 'common.size'), data.size],
      [t(language, 'bookings.status'), statusWord(language, data.status)],
      [t(language, 'common.salePrice'), amount(data.salePrice)],
      ...(showsPrepaid(data)
        ? ([
            [t(language, 'bookings.prepaid'), amount(data.prepaidAmount)],
            [t(language, 'bookings.remaining'), amount(remainingAmount(data))],
          ] as const)
        : []),
    ],
    action: {
      label: t(language, 'bookings.action'),
      link: appLink(appUrl, `/booking/${encodeURIComponent(data.shareId)}`),
    },
  });
}
