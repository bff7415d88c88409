import type { OutgoingEmail } from '@sneakers/shared/email/mailer';
import { t, type Language } from '../catalogue';
import { detailsEmail, type Message } from './layout';

/**
 * An outgoing webhook endpoint was turned off after 5 days of failures
 * (docs/product/store-api.md#disabling): an in-app notification and an account email to the
 * store, written as the product.
 */
export type WebhookEmailType = 'webhook_disabled';

export interface WebhookDisabledCopy {
  url: string;
  failingSince: string;
}

export function webhookDisabledMessage(language: Language, data: WebhookDisabledCopy): Message {
  return {
    title: t(language, 'webhooks.disabled.title'),
    body: t(language, 'webhooks.disabled.body', { url: data.url }),
  };
}

function longDate(language: Language, iso: string): string {
  return new Intl.DateTimeFormat(language === 'es' ? 'es-ES' : 'en-GB', {
    dateStyle: 'long',
    timeZone: 'UTC',
  }).format(new Date(iso));
}

export function webhookDisabledEmail(
  r: { to: string; language: Language; name: string },
  data: WebhookDisabledCopy,
  settingsLink: string,
): OutgoingEmail {
  const { language } = r;
  return detailsEmail({
    to: r.to,
    subject: t(language, 'webhooks.disabled.subject'),
    hello: t(language, 'common.hello', { name: r.name.trim() || r.to }),
    intro: t(language, 'webhooks.disabled.intro'),
    details: [
      [t(language, 'webhooks.disabled.url'), data.url],
      [t(language, 'webhooks.disabled.failingSince'), longDate(language, data.failingSince)],
    ],
    after: [t(language, 'webhooks.disabled.after')],
    action: { label: t(language, 'webhooks.disabled.action'), link: settingsLink },
    signature: t(language, 'webhooks.signature'),
  });
}
