import type { OutgoingEmail } from '@sneakers/shared/email/mailer';
import { t, type Language, type MessageKey } from '../catalogue';
import { escapeHtml } from './layout';

/** The welcome email (docs/product/notifications-and-emails.md#welcome-email), once per new account. */
export type WelcomeEmailType = 'welcome';

export interface WelcomeEmailData {
  to: string;
  language: Language;
  name: string;
  /** When the trial ends (ISO 8601), shown as a date in the recipient's language. */
  trialEndsAt: string;
  trialDays: number;
}

/** The three first steps, each with the dashboard section it opens. */
export const WELCOME_STEPS: readonly (readonly [key: MessageKey, path: string])[] = [
  ['welcome.stepInventory', '/dashboard/inventory'],
  ['welcome.stepList', '/dashboard/wtb'],
  ['welcome.stepSale', '/dashboard/sales'],
];

/** A day in the recipient's language, read in UTC so the date does not move with the server's zone. */
export function trialEndDate(iso: string, language: Language): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(iso));
}

/** welcome: the trial's end date, the three first steps (each a link) and a link to the dashboard. */
export function welcomeEmail(data: WelcomeEmailData, link: (path: string) => string): OutgoingEmail {
  const { language } = data;
  const name = data.name.trim();
  const hello = t(language, 'common.hello', { name: name || data.to });
  const intro = t(language, 'welcome.intro', {
    days: data.trialDays,
    date: trialEndDate(data.trialEndsAt, language),
  });
  const stepsTitle = t(language, 'welcome.stepsTitle');
  const steps = WELCOME_STEPS.map(([key, path]) => ({ text: t(language, key), href: link(path) }));
  const action = t(language, 'welcome.action');
  const dashboard = link('/dashboard');
  const signature = t(language, 'welcome.signature');
  return {
    to: data.to,
    subject: t(language, 'welcome.subject', { name: name || data.to }),
    text: [
      hello,
      '',
      intro,
      '',
      `${stepsTitle}:`,
      ...steps.map((s, i) => `${i + 1}. ${s.text} ${s.href}`),
      '',
      `${action}: ${dashboard}`,
      '',
      signature,
    ].join('\n'),
    html: [
      `<p>${escapeHtml(hello)}</p>`,
      `<p>${escapeHtml(intro)}</p>`,
      `<h2>${escapeHtml(stepsTitle)}</h2>`,
      `<ol>${steps.map((s) => `<li><a href="${escapeHtml(s.href)}">${escapeHtml(s.text)}</a></li>`).join('')}</ol>`,
      `<p><a href="${escapeHtml(dashboard)}">${escapeHtml(action)}</a></p>`,
      `<p>${escapeHtml(signature)}</p>`,
    ].join('\n'),
  };
}
