import type { providerRegistered } from '@sneakers/events';
import { providerRegisteredMessage } from '../index';
import { addNotification } from '../../inbox/domain';
import { recipientOf } from './delivery';
import type { DetailOf, EmailsDeps } from '../ports';

export const PROVIDERS_LINK = '/dashboard/providers';

/**
 * Provider.Registered → an in-app notification for the store (no email), in the store's
 * profile language, linking to the provider.
 */
export async function onProviderRegistered(
  deps: EmailsDeps,
  event: DetailOf<typeof providerRegistered>,
): Promise<void> {
  const { data } = event;
  const { language } = await recipientOf(deps, data.storeUserId);
  await addNotification(deps, {
    eventId: event.eventId,
    occurredAt: event.occurredAt,
    recipientUserId: data.storeUserId,
    type: 'provider_registered',
    message: (lang) => providerRegisteredMessage(lang, data),
    language,
    link: `${PROVIDERS_LINK}/${encodeURIComponent(data.providerId)}`,
  });
}
