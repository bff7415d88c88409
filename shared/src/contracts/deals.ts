import * as z from 'zod/mini';
import { pageQuery } from '../paging/page';
import { defineContract } from './contract';
import { cents, recordId, text } from './fields';
import { LIST_TYPES } from './list-values';
import { CURRENCIES } from '../money';

/** The most deals one page of the board answers. */
export const DEALS_PAGE_SIZE_MAX = 100;

/**
 * The deals board (services/deals, docs/product/deals.md): for a store, resellers who have what
 * its WTB wants; for a reseller, stores that want what it has. Matches are kept by the deals
 * service from the table's stream (the rule is shared/src/rules/deals.ts); the board reads them.
 * A deal shows only what the partner's public list already shows. Demo: reads answer the demo
 * board, writes 403 DEMO_MODE.
 */

export const DEAL_SORTS = ['margin', 'newest', 'rating'] as const;
export type DealSort = (typeof DEAL_SORTS)[number];

/** One matched size: its label in my item and in theirs (the same pair in two systems). */
export const dealSizeSchema = z.object({ mine: z.string(), theirs: z.string() });

const dealItemSideSchema = z.object({
  id: z.string(),
  listType: z.enum(LIST_TYPES),
  /** Cents per pair (WTB target, WTS/WTC desired, inventory asking); null when unset. */
  price: z.nullable(z.int()),
  currency: z.enum(CURRENCIES),
  updatedAt: z.string(),
});

export const dealPartnerSchema = z.object({
  userId: z.string(),
  businessName: z.string(),
  role: z.enum(['store', 'reseller']),
  location: z.nullable(z.string()),
  /** The partner's rating (messaging's summary): null average when nobody rated them yet. */
  ratingAverage: z.nullable(z.number()),
  ratingCount: z.int(),
});

export const dealSchema = z.object({
  /** Stable per (my item, their item): hide and the SPA's keys use it. */
  id: z.string(),
  product: z.object({
    name: z.string(),
    sku: z.string(),
    brand: z.string(),
    imageUrl: z.nullable(z.string()),
    productCatalogId: z.nullable(z.string()),
  }),
  mine: dealItemSideSchema,
  theirs: dealItemSideSchema,
  sizes: z.array(dealSizeSchema),
  /** Per pair, from the rule's dealFigures; null when a price is unset or the currencies differ. */
  figures: z.nullable(z.object({ gap: z.int(), readyToTrade: z.boolean(), netMargin: z.int() })),
  /** How many of my WTB's sizes this partner can fill together ("3 of your 4 sizes"); null on a reseller's board. */
  partnerFills: z.nullable(z.object({ filled: z.int(), of: z.int() })),
  partner: dealPartnerSchema,
  matchedAt: z.string(),
  /** Matched since the caller last opened the board (what the badge counts). */
  isNew: z.boolean(),
});
export type Deal = z.infer<typeof dealSchema>;

export const DEAL_FILTER_MAX = 60;

export const listDeals = defineContract({
  id: 'deals.list',
  method: 'GET',
  path: '/api/deals',
  auth: 'user',
  query: z.object({
    sort: z.optional(z.enum(DEAL_SORTS)),
    brand: z.optional(text(DEAL_FILTER_MAX)),
    /** A size label in any system ('US M 9', '42.5'): deals sharing that size. */
    size: z.optional(text(DEAL_FILTER_MAX)),
    ...pageQuery(DEALS_PAGE_SIZE_MAX),
  }),
  response: z.object({
    /** want: the caller is a store reading resellers' items; have: a reseller reading stores' WTBs. */
    side: z.enum(['want', 'have']),
    deals: z.array(dealSchema),
    cursor: z.nullable(z.string()),
    /** The brands among the caller's deals, for the filter. */
    brands: z.array(z.string()),
    /** False when the caller's profile_visible_in_deals is off: the board is empty for that reason. */
    visible: z.boolean(),
  }),
});

/** The sidebar badge: deals matched since the caller last opened the board. */
export const dealsBadge = defineContract({
  id: 'deals.badge',
  method: 'GET',
  path: '/api/deals/badge',
  auth: 'user',
  response: z.object({ newDeals: z.int() }),
});

/** Opening the board clears the badge. Bookkeeping, allowed in demo (changes nothing a user owns). */
export const markDealsSeen = defineContract({
  id: 'deals.seen',
  method: 'POST',
  path: '/api/deals/seen',
  auth: 'user',
  kind: 'plumbing',
  response: z.object({ newDeals: z.int() }),
  maxBodyBytes: 256,
});

export const dealHideSchema = z.object({
  id: z.string(),
  kind: z.enum(['deal', 'partner']),
  /** The deal id or the partner's user id. */
  targetId: z.string(),
  /** What the hidden list shows: the product name, or the partner's business name. */
  label: z.string(),
  createdAt: z.string(),
});
export type DealHide = z.infer<typeof dealHideSchema>;

/** The longest label a hidden deal keeps. */
export const DEAL_HIDE_LABEL_MAX = 200;

export const hideDeal = defineContract({
  id: 'deals.hide',
  method: 'POST',
  path: '/api/deals/hidden',
  auth: 'user',
  body: z.strictObject({
    kind: z.enum(['deal', 'partner']),
    targetId: recordId,
    /**
     * A deal's label in the caller's hidden list (the product as the board showed it): only the
     * caller ever reads it. A partner's label is their business name, read by the server.
     */
    label: z.optional(text(DEAL_HIDE_LABEL_MAX)),
  }),
  response: z.object({ hidden: dealHideSchema }),
  maxBodyBytes: 1024,
});

export const listHiddenDeals = defineContract({
  id: 'deals.hidden.list',
  method: 'GET',
  path: '/api/deals/hidden',
  auth: 'user',
  response: z.object({ hidden: z.array(dealHideSchema) }),
});

export const unhideDeal = defineContract({
  id: 'deals.hidden.remove',
  method: 'DELETE',
  path: '/api/deals/hidden/{hideId}',
  auth: 'user',
  params: z.object({ hideId: recordId }),
  response: z.object({ removed: z.boolean() }),
});

/** A store's resale fee is at most 100 % (10,000 basis points). */
export const DEAL_RESALE_FEE_MAX_BPS = 10_000;

export const dealSettingsSchema = z.object({
  /** At most one email a day listing new deals (en/es by the profile's language). */
  dailyDigest: z.boolean(),
  /** Store: resale fee in basis points of the trade price (1250 = 12.5 %). */
  resaleFeeBasisPoints: z.int(),
  /** Reseller: shipping cost per pair in cents. */
  shippingCents: z.int(),
});
export type DealSettings = z.infer<typeof dealSettingsSchema>;

export const getDealSettings = defineContract({
  id: 'deals.settings.get',
  method: 'GET',
  path: '/api/deals/settings',
  auth: 'user',
  response: z.object({ settings: dealSettingsSchema }),
});

export const updateDealSettings = defineContract({
  id: 'deals.settings.update',
  method: 'PATCH',
  path: '/api/deals/settings',
  auth: 'user',
  body: z.strictObject({
    dailyDigest: z.optional(z.boolean()),
    resaleFeeBasisPoints: z.optional(
      z
        .int()
        .check(
          z.minimum(0, 'Enter a fee between 0 and 100 %'),
          z.maximum(DEAL_RESALE_FEE_MAX_BPS, 'Enter a fee between 0 and 100 %'),
        ),
    ),
    shippingCents: z.optional(cents),
  }),
  response: z.object({ settings: dealSettingsSchema }),
  maxBodyBytes: 1024,
});

export const dealsBoardContracts = [
  listDeals,
  dealsBadge,
  markDealsSeen,
  hideDeal,
  listHiddenDeals,
  unhideDeal,
  getDealSettings,
  updateDealSettings,
] as const;
