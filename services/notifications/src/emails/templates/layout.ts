import type { OutgoingEmail } from '@sneakers/shared/email/mailer';
import { CURRENCIES, formatMoney, type Currency } from '@sneakers/shared/money';
import { t, type Language } from '../catalogue';

/** The building blocks every template shares: escaping, money, links and the two layouts. */

/** A notification's title and body; offer emails reuse them as subject and text. */
export interface Message {
  title: string;
  body: string;
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const isCurrency = (code: string): code is Currency => (CURRENCIES as readonly string[]).includes(code);

/** Events carry the currency as a plain string; any other ISO code is still formatted by Intl. */
export function money(amount: number, currency: string, language: Language): string {
  if (isCurrency(currency)) return formatMoney({ amount, currency }, language);
  return new Intl.NumberFormat(language, { style: 'currency', currency }).format(amount / 100);
}

/** An absolute link into the SPA; relative when the service has no APP_URL. */
export function appLink(appUrl: string | undefined, path: string): string {
  return `${(appUrl ?? '').replace(/\/$/, '')}${path}`;
}

/** A message and a call to action (the offer emails). */
export function messageEmail(to: string, message: Message, action: string, link: string): OutgoingEmail {
  return {
    to,
    subject: message.title,
    text: [message.body, '', `${action}: ${link}`].join('\n'),
    html: [
      `<p>${escapeHtml(message.body)}</p>`,
      `<p><a href="${escapeHtml(link)}">${escapeHtml(action)}</a></p>`,
    ].join('\n'),
  };
}

/** A link a mail shows as a call to action. */
export interface EmailAction {
  label: string;
  link: string;
}

/**
 * A greeting, an intro, a list of details and an optional call to action (booking,
 * consignment); billing emails add paragraphs after the details (what happens next, the VAT
 * note), further links and a signature.
 */
export function detailsEmail(input: {
  to: string;
  subject: string;
  hello: string;
  intro: string;
  details: readonly (readonly [label: string, value: string])[];
  after?: readonly string[];
  action?: EmailAction;
  moreActions?: readonly EmailAction[];
  signature?: string;
}): OutgoingEmail {
  const { hello, intro, details, after = [], signature } = input;
  const actions = [...(input.action ? [input.action] : []), ...(input.moreActions ?? [])];
  return {
    to: input.to,
    subject: input.subject,
    text: [
      hello,
      '',
      intro,
      ...(details.length ? ['', ...details.map(([k, v]) => `${k}: ${v}`)] : []),
      ...after.flatMap((paragraph) => ['', paragraph]),
      ...(actions.length ? ['', ...actions.map((a) => `${a.label}: ${a.link}`)] : []),
      ...(signature ? ['', signature] : []),
    ].join('\n'),
    html: [
      `<p>${escapeHtml(hello)}</p>`,
      `<p>${escapeHtml(intro)}</p>`,
      ...(details.length
        ? [`<ul>${details.map(([k, v]) => `<li>${escapeHtml(k)}: ${escapeHtml(v)}</li>`).join('')}</ul>`]
        : []),
      ...after.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`),
      ...actions.map((a) => `<p><a href="${escapeHtml(a.link)}">${escapeHtml(a.label)}</a></p>`),
      ...(signature ? [`<p>${escapeHtml(signature)}</p>`] : []),
    ].join('\n'),
  };
}

/**
 * Emails from a store without a business name use a generic store name
 * (docs/product/notifications-and-emails.md#skipping-rules).
 */
export function storeName(language: Language, businessName: string): string {
  return businessName.trim() || t(language, 'common.defaultStore');
}
