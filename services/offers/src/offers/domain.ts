/**
 * Signed-in offers (docs/product/offers.md#signed-in-offers): one row per item-and-size
 * pair, the lines of one create sharing a group. The create is idempotent on the client's
 * Idempotency-Key, and each write carries its event.
 */
import * as z from 'zod/mini';
import { requireUser, requireWriter, type Actor } from '@sneakers/shared/actor';
import { offerLifetimeMs, type Offer } from '@sneakers/shared/contracts/offers';
import { BadRequestError } from '@sneakers/shared/errors';
import { beginIdempotent } from '@sneakers/shared/idempotency/idempotency';
import type { PageRequest } from '@sneakers/shared/paging/page';
import { agreedPrice } from '@sneakers/shared/rules/offer-price';
import { deriveStatus } from '@sneakers/shared/rules/offer-transitions';
import { buildEvent, offerReceived, offerUpdated } from '@sneakers/events';
import {
  answeredEventLines,
  answerStatus,
  changesOf,
  eventLines,
  lostAnswer,
  offerNotFound,
  type OfferResponse,
} from './answers';
import { loadTarget, trimmedOrNull, type OfferTarget } from './offer-target';
import type { OfferRecord, OffersDeps } from './ports';

/** What an Idempotency-Key remembers of a create: enough to read the result back. */
const createdOffers = z.object({ ids: z.array(z.string()) });
type CreatedOffers = z.infer<typeof createdOffers>;

export function toOffer(record: OfferRecord, now: Date): Offer {
  return {
    id: record.id,
    groupId: record.groupId,
    storeUserId: record.storeUserId,
    resellerUserId: record.resellerUserId,
    listType: record.listType,
    itemId: record.itemId,
    itemName: record.itemName,
    itemSku: record.itemSku,
    itemImageUrl: record.itemImageUrl,
    size: record.size,
    quantity: record.quantity,
    offeredPrice: record.offeredPrice,
    counterPrice: record.counterPrice,
    counterMessage: record.counterMessage,
    currency: record.currency,
    message: record.message,
    notes: record.notes,
    status: deriveStatus(record.status, record.expiresAt, now),
    senderBusinessName: record.senderBusinessName,
    receiverBusinessName: record.receiverBusinessName,
    expiresAt: record.expiresAt,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
  };
}

async function replayOffers(deps: OffersDeps, created: CreatedOffers) {
  const now = deps.clock.now();
  const records = await deps.repo.getOffers(created.ids);
  const byId = new Map(records.map((r) => [r.id, r]));
  return created.ids.flatMap((id) => {
    const r = byId.get(id);
    return r ? [toOffer(r, now)] : [];
  });
}

/** Signed-in offer: one pending offer per item-and-size pair, expiring in 7 days. */
export async function createOffers(
  deps: OffersDeps,
  actor: Actor,
  headers: Record<string, string>,
  input: OfferTarget,
): Promise<{ offers: Offer[]; created: boolean }> {
  const user = requireWriter(actor);
  const now = deps.clock.now();
  const request = await beginIdempotent({
    store: deps.idempotency,
    scope: `offers.create#user#${user.userId}`,
    headers,
    request: input,
    now,
    result: createdOffers,
  });
  if (input.listOwnerId === user.userId)
    throw new BadRequestError('CANNOT_OFFER_OWN_LIST', 'You cannot make an offer on your own list.');
  if (request.replay) return { offers: await replayOffers(deps, request.replay), created: false };

  const sender = await deps.repo.getProfile(user.userId);
  if (!sender) throw new BadRequestError('PROFILE_REQUIRED', 'Complete your profile before making an offer.');
  const { owner, items } = await loadTarget(deps, input);

  const createdAt = now.toISOString();
  const expiresAt = new Date(now.getTime() + offerLifetimeMs(input.listOwnerId)).toISOString();
  const message = trimmedOrNull(input.message);
  const groupOfferIds = input.lines.map(() => deps.ids.next());
  const groupId = groupOfferIds[0]!;
  const records: OfferRecord[] = input.lines.map((line, i) => {
    const item = items.get(line.itemId)!;
    return {
      id: groupOfferIds[i]!,
      groupId,
      groupOfferIds,
      storeUserId: owner.userId,
      resellerUserId: user.userId,
      listType: input.listType,
      itemId: item.id,
      itemName: item.name,
      itemSku: item.sku,
      itemImageUrl: item.imageUrl,
      size: line.size,
      quantity: line.quantity,
      offeredPrice: line.offeredPrice,
      counterPrice: null,
      counterMessage: null,
      currency: item.currency,
      message,
      notes: trimmedOrNull(line.notes),
      status: 'pending',
      senderBusinessName: sender.businessName,
      receiverBusinessName: owner.businessName,
      expiresAt,
      createdAt,
      updatedAt: createdAt,
    };
  });
  const ids = records.map((r) => r.id);
  const event = buildEvent(
    offerReceived,
    {
      offerIds: ids,
      receiverUserId: owner.userId,
      senderName: sender.businessName,
      itemsCount: records.length,
      listType: input.listType,
      anonymous: false,
      lines: eventLines(records),
      currency: records[0]!.currency,
      message,
    },
    { eventId: deps.ids.next(), occurredAt: createdAt },
  );
  const outcome = await deps.repo.createOffers(records, request.claim({ ids }), event);
  if (outcome === 'duplicate')
    return { offers: await replayOffers(deps, await request.winner()), created: false };
  return { offers: records.map((r) => toOffer(r, now)), created: true };
}

export async function listOffers(
  deps: OffersDeps,
  actor: Actor,
  query: { box: 'received' | 'sent' } & PageRequest,
): Promise<{ offers: Offer[]; cursor: string | null }> {
  const user = requireUser(actor);
  const page = await deps.repo.listOffers(query.box, user.userId, query);
  const now = deps.clock.now();
  return { offers: page.items.map((r) => toOffer(r, now)), cursor: page.cursor };
}

export async function respondToOffer(
  deps: OffersDeps,
  actor: Actor,
  offerId: string,
  response: OfferResponse,
): Promise<Offer> {
  const user = requireWriter(actor);
  const offer = await deps.repo.getOffer(offerId);
  if (!offer) throw offerNotFound();
  const role =
    offer.storeUserId === user.userId ? 'receiver' : offer.resellerUserId === user.userId ? 'sender' : null;
  if (!role) throw offerNotFound();

  const now = deps.clock.now();
  const next = answerStatus(role, offer, response.action, now);

  const updatedAt = now.toISOString();
  const changes = changesOf(offer, response, next, updatedAt);
  const answered = { ...offer, status: next, counterPrice: changes.counterPrice };
  const event = buildEvent(
    offerUpdated,
    {
      offerId: offer.id,
      status: next,
      counterPrice: changes.counterPrice,
      currency: offer.currency,
      itemName: offer.itemName,
      actorName: role === 'receiver' ? offer.receiverBusinessName : offer.senderBusinessName,
      notifyUserId: role === 'receiver' ? offer.resellerUserId : offer.storeUserId,
      lines: answeredEventLines(await groupOf(deps, answered), now),
      counterMessage: changes.counterMessage,
      agreedPrice: agreedPrice({
        status: next,
        offered: offer.offeredPrice,
        counterPrice: changes.counterPrice,
      }),
    },
    { eventId: deps.ids.next(), occurredAt: updatedAt },
  );
  const updated = await deps.repo.transition(offer, offer.status, changes, updatedAt, event);
  if (!updated) throw lostAnswer(await deps.repo.getOffer(offerId), offer, response.action, deps.clock.now());
  return toOffer(updated, now);
}

/** The lines created in the same call as `offer` (oldest first), `offer` as given. */
async function groupOf(deps: OffersDeps, offer: OfferRecord): Promise<OfferRecord[]> {
  const others = offer.groupOfferIds.filter((id) => id !== offer.id);
  const rows = [offer, ...(await deps.repo.getOffers(others))];
  const order = new Map(offer.groupOfferIds.map((id, i) => [id, i]));
  return rows.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
}

/** One offer for either party, with the lines created in the same call (oldest first). */
export async function getOffer(
  deps: OffersDeps,
  actor: Actor,
  offerId: string,
): Promise<{ offer: Offer; group: Offer[] }> {
  const user = requireUser(actor);
  const offer = await deps.repo.getOffer(offerId);
  if (!offer || (offer.storeUserId !== user.userId && offer.resellerUserId !== user.userId))
    throw offerNotFound();
  const now = deps.clock.now();
  const rows = await groupOf(deps, offer);
  return { offer: toOffer(offer, now), group: rows.map((r) => toOffer(r, now)) };
}
