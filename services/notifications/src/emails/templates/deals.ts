import type { OutgoingEmail } from '@sneakers/shared/email/mailer';
import { t, type Language } from '../catalogue';
import { escapeHtml, type Message } from './layout';

/**
 * Deals (docs/product/deals.md#notifications-and-the-daily-digest): the in-app notification of
 * new deals and the daily digest email.
 */
export type DealsEmailType = 'deals_digest';

/** What a new deal names: the product and who has (or wants) it. */
export interface DealSample {
  dealId: string;
  productName: string;
  partnerName: string;
}

/** How many deals the digest lists by name; the rest are counted ("and 4 more"). */
export const DIGEST_LISTED_DEALS = 10;

/** One deal: "New deal: Jordan 1 Chicago from Kicks BCN"; several: "3 new deals". */
export function dealsMatchedMessage(
  language: Language,
  data: { newDeals: number; samples: readonly DealSample[] },
): Message {
  const first = data.samples[0];
  const names = { productName: first?.productName ?? '', partnerName: first?.partnerName ?? '' };
  if (data.newDeals <= 1 && first)
    return {
      title: t(language, 'deals.matched.titleOne', names),
      body: t(language, 'deals.matched.bodyOne', names),
    };
  return {
    title: t(language, 'deals.matched.titleMany', { count: data.newDeals }),
    body: first
      ? t(language, 'deals.matched.bodyMany', names)
      : t(language, 'deals.matched.titleMany', { count: data.newDeals }),
  };
}

export interface DealsDigestEmailData {
  to: string;
  language: Language;
  newDeals: number;
  samples: readonly DealSample[];
}

/** deals_digest: how many new deals, the first ten by name, and a link to the board. */
export function dealsDigestEmail(data: DealsDigestEmailData, link: string): OutgoingEmail {
  const { language } = data;
  const listed = data.samples.slice(0, DIGEST_LISTED_DEALS);
  const lines = listed.map((s) =>
    t(language, 'deals.digest.item', { productName: s.productName, partnerName: s.partnerName }),
  );
  const rest = data.newDeals - listed.length;
  const more = rest > 0 ? t(language, 'deals.digest.more', { count: rest }) : null;
  const intro = t(language, 'deals.digest.intro');
  const action = t(language, 'deals.digest.action');
  const footer = t(language, 'deals.digest.footer');
  return {
    to: data.to,
    subject:
      data.newDeals === 1
        ? t(language, 'deals.digest.subjectOne')
        : t(language, 'deals.digest.subject', { count: data.newDeals }),
    text: [
      intro,
      '',
      ...lines.map((line) => `- ${line}`),
      ...(more ? [more] : []),
      '',
      `${action}: ${link}`,
      '',
      footer,
    ].join('\n'),
    html: [
      `<p>${escapeHtml(intro)}</p>`,
      `<ul>${lines.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>`,
      ...(more ? [`<p>${escapeHtml(more)}</p>`] : []),
      `<p><a href="${escapeHtml(link)}">${escapeHtml(action)}</a></p>`,
      `<p><small>${escapeHtml(footer)}</small></p>`,
    ].join('\n'),
  };
}
