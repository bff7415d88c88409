/**
 * Answering an offer, signed-in or anonymous (docs/product/offers.md#statuses-and-transitions):
 * which status an answer leads to, what it changes, and the refusals both kinds share.
 */
import { ConflictError, NotFoundError } from '@sneakers/shared/errors';
import {
  deriveStatus,
  nextStatus,
  type OfferAction,
  type OfferRole,
  type StoredStatus,
} from '@sneakers/shared/rules/offer-transitions';
import { trimmedOrNull } from './offer-target';
import type { OfferChanges } from './ports';

export type OfferResponse =
  { action: Exclude<OfferAction, 'counter'> } | { action: 'counter'; price: number; message?: string | null };

export const offerNotFound = () => new NotFoundError('Offer not found.', 'OFFER_NOT_FOUND');
const offerExpired = () =>
  new ConflictError('This offer has expired and can no longer change.', 'OFFER_EXPIRED');
const invalidTransition = (status: string, action: string) =>
  new ConflictError(`A ${status} offer cannot be ${action}ed by you.`, 'INVALID_TRANSITION');

interface Answerable {
  status: StoredStatus;
  expiresAt: string;
}

/** The status `role`'s answer moves the offer to; 409 when it expired or the answer does not apply. */
export function answerStatus(
  role: OfferRole,
  offer: Answerable,
  action: OfferAction,
  now: Date,
): StoredStatus {
  if (deriveStatus(offer.status, offer.expiresAt, now) === 'expired') throw offerExpired();
  const next = nextStatus(role, offer.status, action);
  if (!next) throw invalidTransition(offer.status, action);
  return next;
}

/**
 * Why a conditional answer lost, from the offer as it is now: someone else moved it first,
 * or it expired meanwhile.
 */
export function lostAnswer(current: Answerable | null, read: Answerable, action: OfferAction, now: Date) {
  if (current && deriveStatus(current.status, current.expiresAt, now) === 'expired') return offerExpired();
  return invalidTransition(current?.status ?? read.status, action);
}

/** What a response changes: a counter sets its price and note; every other answer keeps them. */
export function changesOf(
  offer: { counterPrice: number | null; counterMessage: string | null },
  response: OfferResponse,
  status: StoredStatus,
  updatedAt: string,
): OfferChanges {
  return response.action === 'counter'
    ? { status, counterPrice: response.price, counterMessage: trimmedOrNull(response.message), updatedAt }
    : { status, counterPrice: offer.counterPrice, counterMessage: offer.counterMessage, updatedAt };
}

/** An event's lines: what each line offered, never its notes. */
export const eventLines = (
  lines: readonly {
    itemName: string;
    itemSku: string;
    size: string;
    quantity: number;
    offeredPrice: number;
  }[],
) =>
  lines.map(({ itemName, itemSku, size, quantity, offeredPrice }) => ({
    itemName,
    itemSku,
    size,
    quantity,
    offeredPrice,
  }));

/**
 * An answer's lines: every line of the group with its status (expired derived) and counter,
 * so the email shows the offer's agreed total (docs/product/offers.md#offer-total).
 */
export const answeredEventLines = (
  group: readonly {
    itemName: string;
    itemSku: string;
    size: string;
    quantity: number;
    offeredPrice: number;
    status: StoredStatus;
    expiresAt: string;
    counterPrice: number | null;
  }[],
  now: Date,
) =>
  group.map((line) => ({
    ...eventLines([line])[0]!,
    status: deriveStatus(line.status, line.expiresAt, now),
    counterPrice: line.counterPrice,
  }));
