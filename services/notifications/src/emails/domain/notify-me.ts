import type { storefrontEmailRequested } from '@sneakers/events';
import { appLink, languageOf, notifyMeEmail, type NotifyMeEmailType } from '../index';
import type { DetailOf, EmailsDeps } from '../ports';
import { sendKey, sendOnce } from './delivery';

/**
 * Storefront.EmailRequested → the visitor who asked to be notified, in the language of the
 * storefront they used; once per `emailId`. No profile and no preferences: the visitor has no
 * account, and the unsubscribe link in every one of these emails is their preference.
 */
export async function onStorefrontEmailRequested(
  deps: EmailsDeps,
  event: DetailOf<typeof storefrontEmailRequested>,
): Promise<void> {
  const { data } = event;
  const type: NotifyMeEmailType =
    data.kind === 'notify_confirm' ? 'storefront_notify_confirm' : 'storefront_back_in_stock';
  await sendOnce(
    deps,
    sendKey(data.emailId, type, 'visitor'),
    notifyMeEmail(type, {
      to: data.to,
      language: languageOf(data.locale),
      storeName: data.storeName,
      productName: data.productName,
      size: data.size,
      actionLink: appLink(deps.appUrl, data.actionPath),
      unsubscribeLink: appLink(deps.appUrl, data.unsubscribePath),
    }),
    false,
  );
}
