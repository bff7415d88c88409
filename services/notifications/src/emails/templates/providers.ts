import { t, type Language } from '../catalogue';
import type { Message } from './layout';

/** Provider registrations: an in-app notification for the store only (no email). */
export function providerRegisteredMessage(language: Language, data: { providerName: string }): Message {
  return {
    title: t(language, 'providers.registered.title', data),
    body: t(language, 'providers.registered.body', data),
  };
}
