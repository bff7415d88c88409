import type { OutgoingEmail } from '@sneakers/shared/email/mailer';
import { t, type Language } from '../catalogue';
import { detailsEmail, storeName } from './layout';

/**
 * The online store's "notify me" emails to a visitor (docs/product/online-store.md#notify-me,
 * docs/product/notifications-and-emails.md#notify-me-emails): the double opt-in's confirmation
 * and the one back-in-stock message, both with the one-click unsubscribe link.
 */
export type NotifyMeEmailType = 'storefront_notify_confirm' | 'storefront_back_in_stock';

export interface NotifyMeEmailData {
  to: string;
  language: Language;
  storeName: string;
  productName: string;
  size: string;
  /** Absolute: the confirm page, or the product page. */
  actionLink: string;
  unsubscribeLink: string;
}

export function notifyMeEmail(type: NotifyMeEmailType, data: NotifyMeEmailData): OutgoingEmail {
  const { language } = data;
  const copy = type === 'storefront_notify_confirm' ? 'notifyMe.confirm' : 'notifyMe.backInStock';
  const params = { store: storeName(language, data.storeName), product: data.productName, size: data.size };
  const email = detailsEmail({
    to: data.to,
    subject: t(language, `${copy}.subject`, params),
    hello: t(language, 'notifyMe.hello'),
    intro: t(language, `${copy}.intro`, params),
    details: [],
    after: [t(language, `${copy}.after`)],
    action: { label: t(language, `${copy}.action`), link: data.actionLink },
    moreActions: [{ label: t(language, 'notifyMe.unsubscribe'), link: data.unsubscribeLink }],
  });
  // Mail clients offer their own unsubscribe button from this header; it needs an absolute link.
  const headers = /^https?:\/\//.test(data.unsubscribeLink)
    ? [{ name: 'List-Unsubscribe', value: `<${data.unsubscribeLink}>` }]
    : [];
  return headers.length ? { ...email, headers } : email;
}
