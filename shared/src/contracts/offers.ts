import * as z from 'zod/mini';
import { DEMO_USER_PREFIX } from '../actor';
import { DEMO } from '../demo';
import { CURRENCIES } from '../money';
import { LANGUAGES } from './profiles';
import { pageQuery as pageQueryOf } from '../paging/page';
import { defineContract } from './contract';
import { positiveAmount, recordId, requiredText, text } from './fields';
import { ANONYMOUS_OFFER_LIST_TYPES, OFFERABLE_LIST_TYPES } from './list-values';

/**
 * Offers on public lists (docs/product/offers.md). A signed-in offer is one row per
 * item-and-size pair; an anonymous offer is one row with its lines. Prices are cents.
 * Every create takes an `Idempotency-Key` header: a retry returns what the first call made.
 */
export const OFFER_EXPIRY_MS = 604_800_000; // 7 days
const DAY_MS = 86_400_000;

/** How long an offer stays open: 7 days, or 5 on a demo store's list (docs/product/offers.md#expiry). */
export function offerLifetimeMs(listOwnerId: string): number {
  return listOwnerId.startsWith(DEMO_USER_PREFIX) ? DEMO.offerExpiryDays * DAY_MS : OFFER_EXPIRY_MS;
}
export const OFFER_STATUSES = [
  'pending',
  'countered',
  'accepted',
  'declined',
  'withdrawn',
  'expired',
] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];
export const ANONYMOUS_OFFERS_PER_HOUR = 10;
export const OFFER_LINES_MAX = 50;

const cents = positiveAmount;

export const offerLineSchema = z.strictObject({
  itemId: z.string().check(z.minLength(1), z.maxLength(64)),
  size: z.string().check(z.trim(), z.minLength(1), z.maxLength(20)),
  offeredPrice: cents,
  quantity: z.int().check(z.minimum(1, 'Quantity must be at least 1'), z.maximum(999)),
  notes: z.optional(z.nullable(text(500))),
});
export type OfferLine = z.input<typeof offerLineSchema>;

const target = {
  listOwnerId: z.string().check(z.minLength(1), z.maxLength(64)),
  listType: z.enum(OFFERABLE_LIST_TYPES),
  lines: z
    .array(offerLineSchema)
    .check(z.minLength(1, 'Select at least one item'), z.maxLength(OFFER_LINES_MAX)),
  message: z.optional(z.nullable(text(2000))),
};

export const offerSchema = z.object({
  id: z.string(),
  /** The offers created in one call share it (the first line's id), so they show as one offer. */
  groupId: z.string(),
  storeUserId: z.string(),
  resellerUserId: z.string(),
  /** The list the offered item is on (a conversation about the offer names the item by it). */
  listType: z.enum(OFFERABLE_LIST_TYPES),
  itemId: z.string(),
  itemName: z.string(),
  itemSku: z.string(),
  itemImageUrl: z.nullable(z.string()),
  size: z.string(),
  quantity: z.int(),
  offeredPrice: z.int(),
  counterPrice: z.nullable(z.int()),
  /** The receiver's optional note with a counter. */
  counterMessage: z.nullable(z.string()),
  currency: z.enum(CURRENCIES),
  message: z.nullable(z.string()),
  /** The sender's note on this line (such as the sizes of a BULK line). */
  notes: z.nullable(z.string()),
  /** Derived: a pending or countered offer past expiresAt reads as expired. */
  status: z.enum(OFFER_STATUSES),
  senderBusinessName: z.string(),
  receiverBusinessName: z.string(),
  expiresAt: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Offer = z.infer<typeof offerSchema>;

export const createOffers = defineContract({
  id: 'offers.create',
  method: 'POST',
  path: '/api/offers',
  auth: 'user',
  body: z.strictObject(target),
  response: z.object({ offers: z.array(offerSchema) }),
  maxBodyBytes: 32 * 1024,
});

export const anonymousContactSchema = z
  .strictObject({
    name: requiredText(120, 'Name is required'),
    email: z.email('Enter a valid email address'),
    phone: requiredText(40, 'Phone is required'),
    instagram: z.optional(z.nullable(text(60))),
    discord: z.optional(z.nullable(text(60))),
  })
  .check(
    z.refine((c) => Boolean(c.instagram?.trim() || c.discord?.trim()), {
      message: 'Instagram or Discord is required',
      path: ['instagram'],
    }),
  );

export const offerLanguageSchema = z.enum(LANGUAGES);

const anonymousLineSchema = z.object({
  targetItemId: z.string(),
  itemName: z.string(),
  itemSku: z.string(),
  size: z.string(),
  offeredPrice: z.int(),
  quantity: z.int(),
  notes: z.nullable(z.string()),
});

export const anonymousOfferSchema = z.object({
  id: z.string(),
  storeUserId: z.string(),
  /** inventory or wts: made on a storefront product page (docs/product/offers.md#storefront-offers). */
  listType: z.enum(ANONYMOUS_OFFER_LIST_TYPES),
  /** The language the sender wrote in: their emails use it. */
  language: offerLanguageSchema,
  currency: z.enum(CURRENCIES),
  contactName: z.string(),
  contactEmail: z.string(),
  contactPhone: z.string(),
  instagram: z.nullable(z.string()),
  discord: z.nullable(z.string()),
  message: z.nullable(z.string()),
  totalItems: z.int(),
  status: z.enum(OFFER_STATUSES),
  lines: z.array(anonymousLineSchema),
  /** A counter is one price for all the lines together. */
  counterPrice: z.nullable(z.int()),
  counterMessage: z.nullable(z.string()),
  expiresAt: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AnonymousOffer = z.infer<typeof anonymousOfferSchema>;

/** 429 RATE_LIMITED past ANONYMOUS_OFFERS_PER_HOUR per client address and list. */
export const createAnonymousOffer = defineContract({
  id: 'offers.createAnonymous',
  method: 'POST',
  path: '/api/anonymous-offers',
  auth: 'public',
  body: z.strictObject({
    ...target,
    contact: anonymousContactSchema,
    /** The sender's language, for the emails that answer them; English when absent. */
    language: z.optional(offerLanguageSchema),
  }),
  /** `statusToken`: the secret of the sender's status page (`/offer-status/{statusToken}`). */
  response: z.object({ offer: anonymousOfferSchema, statusToken: z.string() }),
  maxBodyBytes: 32 * 1024,
});

const pageQuery = pageQueryOf(100);

export const listOffers = defineContract({
  id: 'offers.list',
  method: 'GET',
  path: '/api/offers',
  auth: 'user',
  query: z.object({ box: z.enum(['received', 'sent']), ...pageQuery }),
  response: z.object({ offers: z.array(offerSchema), cursor: z.nullable(z.string()) }),
});

export const listAnonymousOffers = defineContract({
  id: 'offers.listAnonymous',
  method: 'GET',
  path: '/api/anonymous-offers',
  auth: 'user',
  query: z.object(pageQuery),
  response: z.object({ offers: z.array(anonymousOfferSchema), cursor: z.nullable(z.string()) }),
});

const offerId = z.object({ offerId: z.string().check(z.minLength(1), z.maxLength(64)) });
const anonymousOfferId = z.object({ anonymousOfferId: z.string().check(z.minLength(1), z.maxLength(64)) });
const offerResponse = z.object({ offer: offerSchema });
const counterMessage = z.optional(z.nullable(text(1000)));

/** One offer for either party, with the lines made in the same call (`group`, oldest first); 404 for anyone else. */
export const getOffer = defineContract({
  id: 'offers.get',
  method: 'GET',
  path: '/api/offers/{offerId}',
  auth: 'user',
  params: offerId,
  response: z.object({ offer: offerSchema, group: z.array(offerSchema) }),
});

/** One anonymous offer the caller received; 404 for any other store. */
export const getAnonymousOffer = defineContract({
  id: 'offers.getAnonymous',
  method: 'GET',
  path: '/api/anonymous-offers/{anonymousOfferId}',
  auth: 'user',
  params: anonymousOfferId,
  response: z.object({ offer: anonymousOfferSchema }),
});

/**
 * Transitions: the receiver accepts, declines or counters a pending offer; the sender
 * accepts or declines a counter, or withdraws while pending or countered. An expired offer
 * changes no more (409 OFFER_EXPIRED); a wrong party gets 404; a wrong state 409.
 */
export const respondToOffer = defineContract({
  id: 'offers.respond',
  method: 'POST',
  path: '/api/offers/{offerId}/respond',
  auth: 'user',
  params: offerId,
  body: z.discriminatedUnion('action', [
    z.strictObject({ action: z.literal('accept') }),
    z.strictObject({ action: z.literal('decline') }),
    z.strictObject({ action: z.literal('withdraw') }),
    z.strictObject({ action: z.literal('counter'), price: cents, message: counterMessage }),
  ]),
  response: offerResponse,
  maxBodyBytes: 4096,
});

/**
 * The list owner answers an anonymous offer: accept, decline or counter (one price for all
 * its lines). After a counter the store records the sender's answer (accept or decline).
 * The sender is emailed a link to the offer's status page. Another store gets 404.
 */
export const respondToAnonymousOffer = defineContract({
  id: 'offers.respondAnonymous',
  method: 'POST',
  path: '/api/anonymous-offers/{anonymousOfferId}/respond',
  auth: 'user',
  params: anonymousOfferId,
  body: z.discriminatedUnion('action', [
    z.strictObject({ action: z.literal('accept') }),
    z.strictObject({ action: z.literal('decline') }),
    z.strictObject({ action: z.literal('counter'), price: cents, message: counterMessage }),
  ]),
  response: z.object({ offer: anonymousOfferSchema }),
  maxBodyBytes: 4096,
});

/** What the anonymous sender's status page shows: no contact details of either side. */
export const offerStatusSchema = z.object({
  status: z.enum(OFFER_STATUSES),
  listType: z.enum(ANONYMOUS_OFFER_LIST_TYPES),
  storeBusinessName: z.string(),
  currency: z.enum(CURRENCIES),
  lines: z.array(
    z.object({
      itemName: z.string(),
      itemSku: z.string(),
      size: z.string(),
      offeredPrice: z.int(),
      quantity: z.int(),
    }),
  ),
  offeredTotal: z.int(),
  counterPrice: z.nullable(z.int()),
  counterMessage: z.nullable(z.string()),
  agreedPrice: z.nullable(z.int()),
  expiresAt: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type OfferStatusView = z.infer<typeof offerStatusSchema>;

/** The anonymous sender's status page, by the secret token of their emails; 404 for an unknown token. */
export const getOfferStatus = defineContract({
  id: 'offers.status',
  method: 'GET',
  path: '/api/offer-status/{token}',
  auth: 'public',
  params: z.object({ token: z.string().check(z.minLength(1), z.maxLength(64)) }),
  response: z.object({ offer: offerStatusSchema }),
});

/**
 * An anonymous offer on a storefront product page (docs/product/offers.md#storefront-offers): one
 * pair of `size` (its label as the storefront lists it) at `offeredPrice` cents in the store's
 * currency. The server resolves the item behind the size; nothing in the request names it.
 */
export const storefrontOfferBodySchema = z.strictObject({
  storeId: recordId,
  productId: recordId,
  size: requiredText(20, 'Choose a size'),
  offeredPrice: cents,
  message: z.optional(z.nullable(text(2000))),
  contact: anonymousContactSchema,
  language: z.optional(offerLanguageSchema),
});
export type StorefrontOfferBody = z.input<typeof storefrontOfferBodySchema>;

/**
 * Same anonymous offer, same store answers and emails as `createAnonymousOffer`. Answers what the
 * sender's status page shows (no item ids, no contact details: the storefront never publishes
 * them) and the status page's `statusToken`. 403 DEMO_MODE on Try Demo's store; 404
 * STOREFRONT_NOT_FOUND (no such store, or its storefront is off), 404 PRODUCT_NOT_AVAILABLE; 409
 * SIZE_NOT_AVAILABLE (the size is no longer in stock); 429 RATE_LIMITED past
 * ANONYMOUS_OFFERS_PER_HOUR per client address and store.
 */
export const createStorefrontOffer = defineContract({
  id: 'offers.createStorefront',
  method: 'POST',
  path: '/api/storefront-offers',
  auth: 'public',
  body: storefrontOfferBodySchema,
  response: z.object({ offer: offerStatusSchema, statusToken: z.string() }),
  maxBodyBytes: 8 * 1024,
});

export const offersContracts = [
  createOffers,
  createAnonymousOffer,
  createStorefrontOffer,
  listOffers,
  listAnonymousOffers,
  getOffer,
  getAnonymousOffer,
  respondToOffer,
  respondToAnonymousOffer,
  getOfferStatus,
] as const;
