import type { webhookEndpointDisabled } from '@sneakers/events';
import { appLink, webhookDisabledEmail, webhookDisabledMessage } from '../index';
import { addNotification } from '../../inbox/domain';
import { accountAddressOf, recipientOf, sendKey, sendOnce } from './delivery';
import type { DetailOf, EmailsDeps } from '../ports';

/** Where the store manages its webhook endpoints. */
export const WEBHOOKS_LINK = '/dashboard/settings';

/**
 * WebhookEndpoint.Disabled → an in-app notification and an account email to the store
 * (docs/product/store-api.md#disabling), once per event, in the profile's language. An account
 * email: it goes whatever the email preferences, since an integration silently stopping is
 * what the store must hear about.
 */
export async function onWebhookEndpointDisabled(
  deps: EmailsDeps,
  event: DetailOf<typeof webhookEndpointDisabled>,
): Promise<void> {
  const { data } = event;
  const { recipient, language } = await recipientOf(deps, data.storeUserId);
  await addNotification(deps, {
    eventId: event.eventId,
    occurredAt: event.occurredAt,
    recipientUserId: data.storeUserId,
    type: 'webhook',
    message: (lang) => webhookDisabledMessage(lang, data),
    language,
    link: WEBHOOKS_LINK,
  });
  const to = accountAddressOf(recipient);
  if (!to) return;
  await sendOnce(
    deps,
    sendKey(event.eventId, 'webhook_disabled', data.storeUserId),
    webhookDisabledEmail(
      { to, language, name: recipient?.businessName ?? '' },
      data,
      appLink(deps.appUrl, WEBHOOKS_LINK),
    ),
    false,
  );
}
