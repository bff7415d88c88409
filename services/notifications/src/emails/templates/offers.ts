import type { OutgoingEmail } from '@sneakers/shared/email/mailer';
import { isStorefrontOffer } from '@sneakers/shared/contracts/list-values';
import { agreedTotal, anonymousAgreedTotal, lineTotal } from '@sneakers/shared/rules/offer-price';
import { t, type Language } from '../catalogue';
import type en from '../locales/en.json';
import { escapeHtml, money, storeName, type Message } from './layout';

/**
 * Offer notifications (docs/product/notifications-and-emails.md#offer-emails): the in-app
 * message, which the email repeats with the offer's details.
 */
export type OfferStatus = keyof typeof en.offers.statuses;
export type ListType = keyof typeof en.offers.lists;

export interface OfferReceivedCopy {
  senderName: string;
  itemsCount: number;
  listType: ListType;
}

export interface OfferUpdatedCopy {
  status: OfferStatus;
  actorName: string;
  itemName: string;
  counterPrice: number | null;
  currency: string;
}

/**
 * One offered line; `offeredPrice` is per pair. An answer's email knows each line's status
 * and counter (per pair); without them a line counts as offered.
 */
export interface OfferEmailLine {
  itemName: string;
  itemSku: string;
  size: string;
  quantity: number;
  offeredPrice: number;
  status?: OfferStatus | null;
  counterPrice?: number | null;
}

/**
 * What an offer email lists under its message: the lines with their prices and total, the
 * sender's message, a counter and its note, and the agreed price once accepted. Absent
 * parts are left out (events written before they were carried have no lines).
 */
export interface OfferEmailDetails {
  lines: readonly OfferEmailLine[];
  currency: string;
  message?: string | null;
  counterPrice?: number | null;
  counterMessage?: string | null;
  agreedPrice?: number | null;
  /** The offer's total when its lines alone cannot tell it (an anonymous offer's one counter). */
  total?: number;
}

/**
 * One item: offer_received; several (a unified offer): offer_received_unified; an offer sent from
 * the online store's product page names the store, not a list (docs/product/offers.md#storefront-offers).
 */
export function offerReceivedMessage(language: Language, data: OfferReceivedCopy): Message {
  const params = {
    senderName: data.senderName,
    count: data.itemsCount,
    list: t(language, `offers.lists.${data.listType}`),
  };
  const copy = isStorefrontOffer(data.listType)
    ? 'offers.receivedStorefront'
    : data.itemsCount > 1
      ? 'offers.receivedUnified'
      : 'offers.received';
  return { title: t(language, `${copy}.title`, params), body: t(language, `${copy}.body`, params) };
}

/** The counter price shows only on a counter-offer that has one. */
export function offerUpdatedMessage(language: Language, data: OfferUpdatedCopy): Message {
  const params = {
    status: t(language, `offers.statuses.${data.status}`),
    actorName: data.actorName,
    itemName: data.itemName,
  };
  const price =
    data.status === 'countered' && data.counterPrice !== null
      ? money(data.counterPrice, data.currency, language)
      : null;
  return {
    title: t(language, 'offers.updated.title', params),
    body: price
      ? t(language, 'offers.updated.countered', { ...params, price })
      : t(language, 'offers.updated.body', params),
  };
}

const LEFT_THE_DEAL: ReadonlySet<OfferStatus> = new Set(['declined', 'withdrawn', 'expired']);

/** A line as offered, then what its answer made of it: the agreed price, or out of the total. */
function lineRow(language: Language, line: OfferEmailLine, amount: (cents: number) => string): string {
  const offered = t(language, 'offers.details.line', {
    itemName: line.itemName,
    sku: line.itemSku,
    size: line.size,
    quantity: line.quantity,
    price: amount(line.offeredPrice),
    lineTotal: amount(lineTotal(line)),
  });
  if (line.status === 'accepted' && line.counterPrice != null)
    return t(language, 'offers.details.lineAgreed', { line: offered, price: amount(line.counterPrice) });
  if (line.status && LEFT_THE_DEAL.has(line.status))
    return t(language, 'offers.details.lineLeft', {
      line: offered,
      status: t(language, `offers.statuses.${line.status}`),
    });
  return offered;
}

/**
 * The detail rows of an offer email, as [label, value] pairs ('' label: a line of the offer).
 * The total is the offer's agreed total (docs/product/offers.md#offer-total), as on its page.
 */
export function offerDetailRows(language: Language, details: OfferEmailDetails): [string, string][] {
  const amount = (cents: number) => money(cents, details.currency, language);
  const rows: [string, string][] = details.lines.map((line) => ['', lineRow(language, line, amount)]);
  const total =
    details.total ??
    agreedTotal(
      details.lines.map((line) => ({
        ...line,
        status: line.status ?? null,
        counterPrice: line.counterPrice ?? null,
      })),
    );
  if (details.lines.length > 0) rows.push([t(language, 'offers.details.total'), amount(total)]);
  if (details.message) rows.push([t(language, 'offers.details.message'), details.message]);
  if (details.counterPrice != null)
    rows.push([t(language, 'offers.details.counterPrice'), amount(details.counterPrice)]);
  if (details.counterMessage)
    rows.push([t(language, 'offers.details.counterMessage'), details.counterMessage]);
  if (details.agreedPrice != null)
    rows.push([t(language, 'offers.details.agreedPrice'), amount(details.agreedPrice)]);
  return rows;
}

function detailedEmail(input: {
  to: string;
  subject: string;
  paragraphs: readonly string[];
  rows: readonly [string, string][];
  action: string;
  link: string;
}): OutgoingEmail {
  const row = ([label, value]: [string, string]) => (label ? `${label}: ${value}` : `- ${value}`);
  const htmlRow = ([label, value]: [string, string]) =>
    label
      ? `<li><strong>${escapeHtml(label)}:</strong> ${escapeHtml(value)}</li>`
      : `<li>${escapeHtml(value)}</li>`;
  return {
    to: input.to,
    subject: input.subject,
    text: [
      ...input.paragraphs.flatMap((p) => [p, '']),
      ...(input.rows.length > 0 ? [...input.rows.map(row), ''] : []),
      `${input.action}: ${input.link}`,
    ].join('\n'),
    html: [
      ...input.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
      ...(input.rows.length > 0 ? [`<ul>${input.rows.map(htmlRow).join('')}</ul>`] : []),
      `<p><a href="${escapeHtml(input.link)}">${escapeHtml(input.action)}</a></p>`,
    ].join('\n'),
  };
}

/** The offer email to a signed-in party: the notification's message, the offer's details and a link to the offer. */
export function offerEmail(
  to: string,
  message: Message,
  language: Language,
  link: string,
  details: OfferEmailDetails = { lines: [], currency: 'EUR' },
): OutgoingEmail {
  return detailedEmail({
    to,
    subject: message.title,
    paragraphs: [message.body],
    rows: offerDetailRows(language, details),
    action: t(language, 'offers.action'),
    link,
  });
}

export type AnsweredStatus = 'accepted' | 'countered' | 'declined';

export interface OfferAnsweredData extends OfferEmailDetails {
  status: OfferStatus;
  storeBusinessName: string;
  senderName: string;
  senderEmail: string;
  language: Language;
}

const isAnswered = (status: OfferStatus): status is AnsweredStatus =>
  status === 'accepted' || status === 'countered' || status === 'declined';

/**
 * The answer to an anonymous offer, to its sender (who has no account) in the language they
 * wrote in, with the secret link to the offer's status page.
 */
export function offerAnsweredEmail(data: OfferAnsweredData, statusLink: string): OutgoingEmail {
  const { language } = data;
  const store = storeName(language, data.storeBusinessName);
  const status = isAnswered(data.status) ? data.status : 'updated';
  return detailedEmail({
    to: data.senderEmail.trim(),
    subject: t(language, `offers.answered.${status}.subject`, { store }),
    paragraphs: [
      t(language, 'common.hello', { name: data.senderName }),
      t(language, `offers.answered.${status}.intro`, { store }),
    ],
    rows: offerDetailRows(language, {
      ...data,
      total: anonymousAgreedTotal({ ...data, counterPrice: data.counterPrice ?? null }),
    }),
    action: t(language, 'offers.answered.action'),
    link: statusLink,
  });
}
