import * as z from 'zod/mini';
import { DEMO_USER_PREFIX } from '../actor';
import { DEMO } from '../demo';
import { CURRENCIES } from '../money';
import { pageQuery as pageQueryOf } from '../paging/page';
import { defineContract } from './contract';
import { MAX_CENTS, requiredText, text } from './fields';
import { OFFERABLE_LIST_TYPES } from './lists';

/**
 * Offers on public lists (spec sections 3, 4, 5, 9). A signed-in offer is one row per
 * item-and-size pair; an anonymous offer is one row with its lines. Prices are cents.
 * Every create takes an `Idempotency-Key` header: a retry returns what the first call made.
 */
export const OFFER_EXPIRY_MS = 604_800_000; // 7 days
const DAY_MS = 86_400_000;

/** How long an offer stays open: 7 days, or 5 on a demo store's list (spec sections 3 and 9). */
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

const cents = z.int().check(z.minimum(1, 'Price must be above 0'), z.maximum(MAX_CENTS));

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
  storeUserId: z.string(),
  resellerUserId: z.string(),
  itemId: z.string(),
  itemName: z.string(),
  itemSku: z.string(),
  itemImageUrl: z.nullable(z.string()),
  size: z.string(),
  quantity: z.int(),
  offeredPrice: z.int(),
  counterPrice: z.nullable(z.int()),
  currency: z.enum(CURRENCIES),
  message: z.nullable(z.string()),
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

export const anonymousOfferSchema = z.object({
  id: z.string(),
  storeUserId: z.string(),
  listType: z.enum(OFFERABLE_LIST_TYPES),
  contactName: z.string(),
  contactEmail: z.string(),
  contactPhone: z.string(),
  instagram: z.nullable(z.string()),
  discord: z.nullable(z.string()),
  message: z.nullable(z.string()),
  totalItems: z.int(),
  status: z.enum(OFFER_STATUSES),
  lines: z.array(
    z.object({
      targetItemId: z.string(),
      itemName: z.string(),
      itemSku: z.string(),
      size: z.string(),
      offeredPrice: z.int(),
      quantity: z.int(),
      notes: z.nullable(z.string()),
    }),
  ),
  createdAt: z.string(),
});
export type AnonymousOffer = z.infer<typeof anonymousOfferSchema>;

/** 429 RATE_LIMITED past ANONYMOUS_OFFERS_PER_HOUR per client address and list. */
export const createAnonymousOffer = defineContract({
  id: 'offers.createAnonymous',
  method: 'POST',
  path: '/api/anonymous-offers',
  auth: 'public',
  body: z.strictObject({ ...target, contact: anonymousContactSchema }),
  response: z.object({ offer: anonymousOfferSchema }),
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
const offerResponse = z.object({ offer: offerSchema });

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
    z.strictObject({ action: z.literal('counter'), price: cents }),
  ]),
  response: offerResponse,
  maxBodyBytes: 1024,
});

export const offersContracts = [
  createOffers,
  createAnonymousOffer,
  listOffers,
  listAnonymousOffers,
  respondToOffer,
] as const;
