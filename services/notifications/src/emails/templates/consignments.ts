import type { OutgoingEmail } from '@sneakers/shared/email/mailer';
import { languageOf, t } from '../catalogue';
import { detailsEmail, money, storeName } from './layout';

/** Consignment emails to the provider (send-consignment-email), written as the store. */
export type ConsignmentEmailType = 'consignment_created' | 'consignment_sold';

export interface ConsignmentEmailData {
  storeBusinessName: string;
  /** The store's language: `es`, anything else is English. */
  language: string;
  providerName: string;
  providerEmail: string;
  itemName: string;
  itemSku: string;
  size: string;
  /** The agreed price: what the store owes the provider once sold. */
  price: number;
  currency: string;
}

const COPY = { consignment_created: 'consignments.created', consignment_sold: 'consignments.sold' } as const;

/**
 * Both show the agreed price (what the provider is owed), labelled as owed once sold. The
 * store's sale price is never in the provider's email: it would show the store's margin.
 */
export function consignmentEmail(type: ConsignmentEmailType, data: ConsignmentEmailData): OutgoingEmail {
  const language = languageOf(data.language);
  const store = storeName(language, data.storeBusinessName);
  const params = { store, itemName: data.itemName };
  const amount = (cents: number) => money(cents, data.currency, language);
  return detailsEmail({
    to: data.providerEmail.trim(),
    subject: t(language, `${COPY[type]}.subject`, params),
    hello: t(language, 'common.hello', { name: data.providerName }),
    intro: t(language, `${COPY[type]}.intro`, params),
    details: [
      [t(language, 'common.product'), `${data.itemName} (${data.itemSku})`],
      [t(language, 'common.size'), data.size],
      [
        t(language, type === 'consignment_sold' ? 'consignments.owed' : 'consignments.price'),
        amount(data.price),
      ],
      [t(language, 'common.store'), store],
    ],
  });
}
