import { requireWriter, type Actor } from '@sneakers/shared/actor';
import type { Item } from '@sneakers/shared/contracts/lists';
import { isStorefrontOffer } from '@sneakers/shared/contracts/list-values';
import type { Order, OrderLine } from '@sneakers/shared/contracts/orders';
import { ConflictError, NotFoundError } from '@sneakers/shared/errors';
import type { Currency } from '@sneakers/shared/money';
import { agreedLineTotal, anonymousAgreedTotal, isDealSettled } from '@sneakers/shared/rules/offer-price';
import { deriveStatus } from '@sneakers/shared/rules/offer-transitions';
import { takeSize } from '@sneakers/shared/rules/stock';
import { TransactionBusyError } from '@sneakers/shared/table/transaction';
import { spreadTotal } from '../orders/lines';
import { buildOrder, storedOrder, toOrder } from '../orders/order-record';
import type { ItemTake, OfferOrdersDeps } from './ports';

/**
 * Purchase orders from accepted offers (docs/product/commerce.md#purchase-orders-from-offers):
 * the owner of a WTB or WTC list turns an accepted offer on it into an order in one action;
 * the offer's signed-in sender (the partner) sees it too. Every record is keyed by the
 * verified caller.
 */
export type FromOfferInput = { offerId: string } | { anonymousOfferId: string };

/** A from-offer transaction whose item rows changed meanwhile is rebuilt from fresh reads this often. */
const FROM_OFFER_ATTEMPTS = 2;

const offerNotFound = () => new NotFoundError('Offer not found.', 'OFFER_NOT_FOUND');
const offerNotAccepted = () =>
  new ConflictError('Only an accepted offer can become an order.', 'OFFER_NOT_ACCEPTED');
const offerNotOrderable = () =>
  new ConflictError(
    'An offer made on your online store is a sale: record it as a sale of the pair.',
    'OFFER_NOT_ORDERABLE',
  );
const offerStillOpen = () =>
  new ConflictError('Some lines of this offer still wait for an answer.', 'OFFER_STILL_OPEN');

interface LineDraft {
  itemId: string;
  size: string;
  quantity: number;
  unitPrice: number;
  /** What the offer recorded of the item, used when the item is gone. */
  itemName: string;
  itemSku: string;
  itemImageUrl: string | null;
}

/** What was agreed, whichever kind of offer it was. */
interface Deal {
  offerKey: string;
  listType: 'wtb' | 'wtc';
  currency: Currency | null;
  counterparty: Order['counterparty'];
  partnerUserId: string | null;
  offerGroupId: string | null;
  anonymousOfferId: string | null;
  /** Null when nothing was accepted. */
  drafts: LineDraft[] | null;
  /** A line was accepted while another still waits for an answer. */
  stillOpen: boolean;
}

async function signedInDeal(deps: OfferOrdersDeps, storeUserId: string, offerId: string): Promise<Deal> {
  const offer = await deps.repo.getOffer(offerId);
  // Only the list owner turns an offer into its order; anyone else learns nothing.
  if (!offer || offer.storeUserId !== storeUserId) throw offerNotFound();
  const others = offer.groupOfferIds.filter((id) => id !== offer.id);
  const group = [offer, ...(await deps.repo.getOffers(others))];
  const position = new Map(offer.groupOfferIds.map((id, i) => [id, i]));
  group.sort((a, b) => (position.get(a.id) ?? 0) - (position.get(b.id) ?? 0));
  const now = deps.clock.now();
  const lines = group
    .filter((line) => line.storeUserId === storeUserId)
    .map((line) => ({ ...line, status: deriveStatus(line.status, line.expiresAt, now) }));
  const accepted = lines.filter((line) => line.status === 'accepted');
  // An order made while a line still waits would miss that line's answer: its total would
  // not be the offer's agreed total (docs/product/offers.md#offer-total).
  const stillOpen = accepted.length > 0 && !isDealSettled(lines);
  return {
    stillOpen,
    offerKey: `offer#${offer.groupId}`,
    listType: offer.listType,
    currency: offer.currency,
    counterparty: {
      kind: 'user',
      clientId: null,
      userId: offer.resellerUserId,
      name: offer.senderBusinessName,
      email: null,
    },
    partnerUserId: offer.resellerUserId,
    offerGroupId: offer.groupId,
    anonymousOfferId: null,
    drafts:
      accepted.length === 0
        ? null
        : accepted.map((line) => ({
            itemId: line.itemId,
            size: line.size,
            quantity: line.quantity,
            // The agreed price: the counter when a counter was accepted. Σ quantity × unitPrice
            // over these lines is the offer's agreed total (shared/src/rules/offer-price.ts).
            unitPrice: agreedLineTotal(line) / line.quantity,
            itemName: line.itemName,
            itemSku: line.itemSku,
            itemImageUrl: line.itemImageUrl,
          })),
  };
}

async function anonymousDeal(deps: OfferOrdersDeps, storeUserId: string, id: string): Promise<Deal> {
  const offer = await deps.repo.getAnonymousOffer(storeUserId, id);
  if (!offer) throw offerNotFound();
  // An offer made on the storefront is for a pair the store sells: a purchase order from it
  // would buy the store's own stock (docs/product/offers.md#storefront-offers).
  if (isStorefrontOffer(offer.listType)) throw offerNotOrderable();
  const drafts = offer.lines.map((line) => ({
    itemId: line.targetItemId,
    size: line.size,
    quantity: line.quantity,
    offeredPrice: line.offeredPrice,
    unitPrice: line.offeredPrice,
    itemName: line.itemName,
    itemSku: line.itemSku,
    itemImageUrl: null,
  }));
  const priced =
    offer.counterPrice === null
      ? drafts
      : spreadTotal(drafts, anonymousAgreedTotal(offer)).map(({ draft, quantity, unitPrice }) => ({
          ...draft,
          quantity,
          unitPrice,
        }));
  return {
    // One status for every line: nothing else can still wait.
    stillOpen: false,
    offerKey: `anonymous#${offer.id}`,
    listType: offer.listType,
    currency: offer.currency,
    counterparty: {
      kind: 'contact',
      clientId: null,
      userId: null,
      name: offer.contactName,
      email: offer.contactEmail,
    },
    partnerUserId: null,
    offerGroupId: null,
    anonymousOfferId: offer.id,
    drafts: offer.status === 'accepted' ? priced.map(({ offeredPrice: _offered, ...draft }) => draft) : null,
  };
}

/**
 * The bought sizes leave the list: each item loses the sizes of its lines. An item that is
 * gone, sold or no longer holds the size is left alone; the deal was agreed, so the order
 * is made all the same.
 */
export function takeBoughtSizes(items: readonly Item[], drafts: readonly LineDraft[], now: Date): ItemTake[] {
  return items.flatMap((item) => {
    let next = item;
    for (const draft of drafts) {
      if (draft.itemId !== item.id) continue;
      const outcome = takeSize(next, draft.size, now);
      if (outcome.ok) next = outcome.next;
    }
    return next === item ? [] : [{ next, beforeUpdatedAt: item.updatedAt }];
  });
}

function orderLinesOf(
  drafts: readonly LineDraft[],
  items: ReadonlyMap<string, Item>,
  ids: OfferOrdersDeps['ids'],
) {
  return drafts.map((draft): OrderLine => {
    const item = items.get(draft.itemId);
    return {
      id: ids.next(),
      productCatalogId: item?.productCatalogId ?? null,
      productVariantId: item?.productVariantId ?? null,
      itemId: draft.itemId,
      sku: item?.sku ?? draft.itemSku,
      name: item?.name ?? draft.itemName,
      brand: item?.brand ?? '',
      colorway: item?.colorway ?? '',
      imageUrl: item ? item.imageUrl : draft.itemImageUrl,
      size: draft.size,
      quantity: draft.quantity,
      unitPrice: draft.unitPrice,
      unitCost: null,
    };
  });
}

async function claimedOrder(
  deps: OfferOrdersDeps,
  storeUserId: string,
  offerKey: string,
): Promise<Order | null> {
  const orderId = await deps.repo.getClaim(storeUserId, offerKey);
  return orderId ? storedOrder(deps.repo, storeUserId, orderId) : null;
}

/**
 * The list owner turns an accepted offer into a purchase order, prefilled with the agreed
 * lines and prices, in one transaction with the bought sizes leaving the list. Once per
 * offer: a repeat answers the same order (`created: false`).
 */
export async function createOrderFromOffer(
  deps: OfferOrdersDeps,
  actor: Actor,
  input: FromOfferInput,
): Promise<{ order: Order; created: boolean }> {
  const user = requireWriter(actor);
  const deal =
    'offerId' in input
      ? await signedInDeal(deps, user.userId, input.offerId)
      : await anonymousDeal(deps, user.userId, input.anonymousOfferId);
  const existing = await claimedOrder(deps, user.userId, deal.offerKey);
  if (existing) return { order: existing, created: false };
  const drafts = deal.drafts;
  if (!drafts) throw offerNotAccepted();
  if (deal.stillOpen) throw offerStillOpen();

  const store = await deps.repo.getStore(user.userId);
  const itemIds = [...new Set(drafts.map((d) => d.itemId))];
  for (let attempt = 0; attempt < FROM_OFFER_ATTEMPTS; attempt++) {
    const now = deps.clock.now();
    const items = await deps.repo.getItems(user.userId, deal.listType, itemIds);
    const lines = orderLinesOf(drafts, new Map(items.map((i) => [i.id, i])), deps.ids);
    const record = buildOrder({
      id: deps.ids.next(),
      kind: 'purchase',
      storeUserId: user.userId,
      store,
      counterparty: deal.counterparty,
      lines,
      currency: deal.currency,
      notes: null,
      shareId: deps.shareIds.next(),
      offerGroupId: deal.offerGroupId,
      anonymousOfferId: deal.anonymousOfferId,
      at: now.toISOString(),
    });
    const takes = takeBoughtSizes(items, drafts, now);
    const outcome = await deps.repo.createOrderFromOffer(record, deal.offerKey, deal.partnerUserId, takes);
    if (outcome === 'committed') return { order: toOrder(record, 'store'), created: true };
    if (outcome === 'claimed') {
      const winner = await claimedOrder(deps, user.userId, deal.offerKey);
      if (!winner) throw new Error('Offer claim without its order');
      return { order: winner, created: false };
    }
    // 'stale': an item changed since it was read (a sale, an edit); read it again.
  }
  throw new TransactionBusyError();
}
