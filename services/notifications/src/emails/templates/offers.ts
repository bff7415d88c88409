import type { OutgoingEmail } from '@sneakers/shared/email/mailer';
import { t, type Language } from '../catalogue';
import type en from '../locales/en.json';
import { messageEmail, money, type Message } from './layout';

/** Offer notifications (spec section 8): the in-app message, which the email repeats. */
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

/** One item: offer_received; several (a unified offer): offer_received_unified. */
export function offerReceivedMessage(language: Language, data: OfferReceivedCopy): Message {
  const params = {
    senderName: data.senderName,
    count: data.itemsCount,
    list: t(language, `offers.lists.${data.listType}`),
  };
  const copy = data.itemsCount > 1 ? 'offers.receivedUnified' : 'offers.received';
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

/** The offer email: the notification's message and a link to the offers page. */
export function offerEmail(to: string, message: Message, language: Language, link: string): OutgoingEmail {
  return messageEmail(to, message, t(language, 'offers.action'), link);
}
