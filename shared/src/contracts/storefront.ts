import * as z from 'zod/mini';
import { CURRENCIES } from '../money';
import { cursorField, pageQuery } from '../paging/page';
import { defineContract } from './contract';
import { cents, email, recordId, requiredText, text } from './fields';

/**
 * The online store (services/storefront, docs/product/online-store.md): the store's set-up in
 * the dashboard section `online-store`, its public storefront `/store/{storeId}` and product
 * pages `/store/{storeId}/product/{productId}`, buying with a card checkout, and "notify me".
 *
 * Public routes answer only what the store published: never purchase prices, notes, sources,
 * clients or item ids of private lists (tests/route-suites check the raw JSON).
 */

/** The lists a store can publish (inventory: pairs in stock; wts: a seller's want-to-sell list). */
export const STOREFRONT_LISTS = ['inventory', 'wts'] as const;
export type StorefrontList = (typeof STOREFRONT_LISTS)[number];

/** A store publishes at most this many virtual products. */
export const STOREFRONT_VIRTUAL_PRODUCTS_MAX = 200;
export const STOREFRONT_NAME_MAX = 80;
export const STOREFRONT_DESCRIPTION_MAX = 300;
export const STOREFRONT_CONTACT_MAX = 300;
export const STOREFRONT_RETURNS_MAX = 2000;
/** Cards per storefront page (the grid loads the next page as it scrolls). */
export const STOREFRONT_PAGE_SIZE = 48;
export const STOREFRONT_PAGE_SIZE_MAX = 96;
/** A pair is held for the buyer this long while they pay (docs/product/online-store.md#holds). */
export const CHECKOUT_HOLD_MINUTES = 35;
/** The provider's Checkout Session expires after this long (Stripe's minimum is 30 minutes). */
export const CHECKOUT_SESSION_MINUTES = 30;

/** The size systems a buyer can choose (shared/src/size-chart.ts names them). */
export const STOREFRONT_SIZE_SYSTEMS = ['eu', 'usM', 'usW', 'uk', 'jpCm'] as const;
export type StorefrontSizeSystem = (typeof STOREFRONT_SIZE_SYSTEMS)[number];
export const STOREFRONT_SORTS = ['newest', 'price_asc', 'price_desc'] as const;
export type StorefrontSort = (typeof STOREFRONT_SORTS)[number];

// ---------------------------------------------------------------------------------------------
// The set-up (dashboard section, store users only: a reseller gets 403 STORE_ONLY)
// ---------------------------------------------------------------------------------------------

export const storefrontSetupSchema = z.object({
  enabled: z.boolean(),
  /** Shown as the storefront's title; empty: the profile's business name. */
  name: z.string(),
  /** null: the profile's avatar. */
  logoUrl: z.nullable(z.string()),
  bannerUrl: z.nullable(z.string()),
  description: z.string(),
  /** How buyers reach the store (email, phone, address: free text). */
  contact: z.string(),
  returnsText: z.string(),
  lists: z.array(z.enum(STOREFRONT_LISTS)),
  virtualProductIds: z.array(z.string()),
  /** null until the store first saves its set-up. */
  updatedAt: z.nullable(z.string()),
});
export type StorefrontSetup = z.infer<typeof storefrontSetupSchema>;

const urlOrNull = z.nullable(
  z
    .string()
    .check(z.trim(), z.maxLength(2048), z.regex(/^(https?:\/\/|\/)/, 'Enter a link starting with https://')),
);

export const storefrontSetupUpdateSchema = z.strictObject({
  enabled: z.boolean(),
  name: text(STOREFRONT_NAME_MAX),
  logoUrl: urlOrNull,
  bannerUrl: urlOrNull,
  description: text(STOREFRONT_DESCRIPTION_MAX),
  contact: text(STOREFRONT_CONTACT_MAX),
  returnsText: text(STOREFRONT_RETURNS_MAX),
  lists: z.array(z.enum(STOREFRONT_LISTS)).check(z.maxLength(STOREFRONT_LISTS.length)),
  virtualProductIds: z.array(recordId).check(z.maxLength(STOREFRONT_VIRTUAL_PRODUCTS_MAX)),
});
export type StorefrontSetupUpdate = z.input<typeof storefrontSetupUpdateSchema>;

const setupAnswer = z.object({
  setup: storefrontSetupSchema,
  /** The storefront's path, `/store/{storeId}`. */
  path: z.string(),
  /** What an empty name and a null logo fall back to. */
  profile: z.object({ businessName: z.string(), avatarUrl: z.nullable(z.string()) }),
});

export const getStorefrontSetup = defineContract({
  id: 'storefront.setup.get',
  method: 'GET',
  path: '/api/storefront/setup',
  auth: 'user',
  response: setupAnswer,
});

export const updateStorefrontSetup = defineContract({
  id: 'storefront.setup.update',
  method: 'PUT',
  path: '/api/storefront/setup',
  auth: 'user',
  body: storefrontSetupUpdateSchema,
  response: setupAnswer,
  maxBodyBytes: 32 * 1024,
});

/** One published item in the section's price table. */
export const storefrontPricedItemSchema = z.object({
  itemId: z.string(),
  listType: z.enum(STOREFRONT_LISTS),
  name: z.string(),
  sku: z.string(),
  brand: z.string(),
  imageUrl: z.nullable(z.string()),
  sizes: z.array(z.string()),
  /** The item's asking (inventory) or desired (wts) price: the default. */
  listPrice: z.nullable(cents),
  /** Set in the section; null: the list price. */
  storefrontPrice: z.nullable(cents),
  /** What the storefront charges; null: not for sale (no price at all). */
  effectivePrice: z.nullable(cents),
  currency: z.enum(CURRENCIES),
});
export type StorefrontPricedItem = z.infer<typeof storefrontPricedItemSchema>;

export const listStorefrontPrices = defineContract({
  id: 'storefront.prices.list',
  method: 'GET',
  path: '/api/storefront/prices',
  auth: 'user',
  query: z.object(pageQuery(100)),
  response: z.object({ items: z.array(storefrontPricedItemSchema), ...cursorField }),
});

export const setStorefrontPrice = defineContract({
  id: 'storefront.prices.set',
  method: 'PUT',
  path: '/api/storefront/prices/{itemId}',
  auth: 'user',
  params: z.object({ itemId: recordId }),
  body: z.strictObject({ price: z.nullable(cents) }),
  response: z.object({ item: storefrontPricedItemSchema }),
  maxBodyBytes: 1024,
});

// ---------------------------------------------------------------------------------------------
// The public storefront (no sign-in; rate-limited per visitor)
// ---------------------------------------------------------------------------------------------

/** A size as stored (`US 9`, `42.5`, `BULK`) and, where the size chart knows it, in every system. */
export const storefrontSizeSchema = z.object({
  label: z.string(),
  chart: z.nullable(
    z.object({ eu: z.string(), usM: z.string(), usW: z.string(), uk: z.string(), jpCm: z.string() }),
  ),
  price: cents,
  /** In stock now (a held pair still counts: the hold may lapse). */
  inStock: z.boolean(),
});
export type StorefrontSize = z.infer<typeof storefrontSizeSchema>;

export const storefrontHeaderSchema = z.object({
  storeId: z.string(),
  name: z.string(),
  logoUrl: z.nullable(z.string()),
  bannerUrl: z.nullable(z.string()),
  description: z.string(),
  contact: z.string(),
  returnsText: z.string(),
  currency: z.enum(CURRENCIES),
  /** Every brand on sale, for the brand filter. */
  brands: z.array(z.string()),
  productCount: z.int(),
  /** Try Demo's store: Buy is refused with the demo toast. */
  demo: z.boolean(),
});
export type StorefrontHeader = z.infer<typeof storefrontHeaderSchema>;

export const storefrontCardSchema = z.object({
  /** The catalogue product id, `s-<style code>` without one, `v-<id>` for a virtual product. */
  productId: z.string(),
  name: z.string(),
  brand: z.string(),
  sku: z.string(),
  colorway: z.string(),
  imageUrl: z.nullable(z.string()),
  releaseDate: z.nullable(z.string()),
  /** The lowest in-stock price. */
  price: cents,
  currency: z.enum(CURRENCIES),
  sizes: z.array(storefrontSizeSchema),
  /** When it was last put on sale: the `newest` sort. */
  listedAt: z.string(),
});
export type StorefrontCard = z.infer<typeof storefrontCardSchema>;

export const storefrontProductSchema = z.object({
  ...storefrontCardSchema.shape,
  images: z.array(z.string()),
  description: z.string(),
  /** The product's whole size run from the catalogue (out-of-stock sizes offer "notify me"). */
  sizeRun: z.array(storefrontSizeSchema),
  virtual: z.boolean(),
});
export type StorefrontProduct = z.infer<typeof storefrontProductSchema>;

export const storefrontQuerySchema = z.object({
  ...pageQuery(STOREFRONT_PAGE_SIZE_MAX),
  q: z.optional(text(100)),
  brand: z.optional(text(60)),
  /** A size in `system` (default eu): only products with that size in stock. */
  size: z.optional(text(20)),
  system: z.optional(z.enum(STOREFRONT_SIZE_SYSTEMS)),
  /** Cents. */
  min: z.optional(z.coerce.number().check(z.int(), z.minimum(0))),
  max: z.optional(z.coerce.number().check(z.int(), z.minimum(0))),
  sort: z.optional(z.enum(STOREFRONT_SORTS)),
});

const storeParams = z.object({ storeId: recordId });
const productParams = z.object({ storeId: recordId, productId: recordId });

/** 404 STOREFRONT_NOT_FOUND: no such store, or its storefront is off. */
export const getStorefront = defineContract({
  id: 'storefront.public.get',
  method: 'GET',
  path: '/api/store/{storeId}',
  auth: 'public',
  params: storeParams,
  query: storefrontQuerySchema,
  response: z.object({
    store: storefrontHeaderSchema,
    products: z.array(storefrontCardSchema),
    ...cursorField,
  }),
});

/** 404 STOREFRONT_NOT_FOUND; 404 PRODUCT_NOT_AVAILABLE: the store no longer sells it. */
export const getStorefrontProduct = defineContract({
  id: 'storefront.public.product',
  method: 'GET',
  path: '/api/store/{storeId}/products/{productId}',
  auth: 'public',
  params: productParams,
  response: z.object({ store: storefrontHeaderSchema, product: storefrontProductSchema }),
});

// ---------------------------------------------------------------------------------------------
// Buying (a card checkout on the payment provider, in payment mode)
// ---------------------------------------------------------------------------------------------

export const STOREFRONT_LOCALES = ['en', 'es'] as const;

export const shippingAddressSchema = z.strictObject({
  line1: requiredText(200, 'Enter the street and number'),
  line2: z.optional(text(200)),
  city: requiredText(100, 'Enter the city'),
  postalCode: requiredText(20, 'Enter the postal code'),
  /** ISO 3166-1 alpha-2. */
  country: z.string().check(z.trim(), z.regex(/^[A-Za-z]{2}$/, 'Choose a country')),
});
export type ShippingAddress = z.infer<typeof shippingAddressSchema>;

export const checkoutCreateSchema = z.strictObject({
  productId: recordId,
  /** The size's label as the storefront lists it. */
  size: requiredText(20, 'Choose a size'),
  name: requiredText(120, 'Enter your name'),
  email: email('Enter a valid email address'),
  phone: z.string().check(z.trim(), z.regex(/^\+?[0-9 ()-]{6,20}$/, 'Enter a valid phone number')),
  shipping: shippingAddressSchema,
  locale: z.enum(STOREFRONT_LOCALES),
});
export type CheckoutCreate = z.input<typeof checkoutCreateSchema>;

export const CHECKOUT_STATUSES = ['open', 'paid', 'expired', 'cancelled'] as const;
export type CheckoutStatus = (typeof CHECKOUT_STATUSES)[number];

export const checkoutSchema = z.object({
  checkoutId: z.string(),
  status: z.enum(CHECKOUT_STATUSES),
  productId: z.string(),
  productName: z.string(),
  imageUrl: z.nullable(z.string()),
  size: z.string(),
  amount: cents,
  currency: z.enum(CURRENCIES),
  /** The hold's end while open. */
  holdExpiresAt: z.string(),
  /** The order's shareable page `/orders/{shareId}` once commerce made the paid order. */
  orderShareId: z.nullable(z.string()),
});
export type Checkout = z.infer<typeof checkoutSchema>;

/**
 * Needs an Idempotency-Key header. Holds the pair and answers the provider's checkout page
 * (`url`). 409 SIZE_NOT_AVAILABLE (sold, or held for another buyer), 404 PRODUCT_NOT_AVAILABLE,
 * 403 DEMO_MODE on Try Demo's store. The amount comes from the store's prices, never the request.
 */
export const createStorefrontCheckout = defineContract({
  id: 'storefront.checkout.create',
  method: 'POST',
  path: '/api/store/{storeId}/checkout',
  auth: 'public',
  params: storeParams,
  body: checkoutCreateSchema,
  response: z.object({ checkout: checkoutSchema, url: z.string() }),
  maxBodyBytes: 8 * 1024,
});

export const getStorefrontCheckout = defineContract({
  id: 'storefront.checkout.get',
  method: 'GET',
  path: '/api/store/{storeId}/checkout/{checkoutId}',
  auth: 'public',
  params: z.object({ storeId: recordId, checkoutId: recordId }),
  response: z.object({ checkout: checkoutSchema }),
});

/** The buyer came back without paying: the provider's session is expired and the hold released. */
export const cancelStorefrontCheckout = defineContract({
  id: 'storefront.checkout.cancel',
  method: 'POST',
  path: '/api/store/{storeId}/checkout/{checkoutId}/cancel',
  auth: 'public',
  params: z.object({ storeId: recordId, checkoutId: recordId }),
  response: z.object({ checkout: checkoutSchema }),
  maxBodyBytes: 256,
});

// ---------------------------------------------------------------------------------------------
// Notify me (double opt-in, one-click unsubscribe)
// ---------------------------------------------------------------------------------------------

export const notifyRequestSchema = z.strictObject({
  productId: recordId,
  size: requiredText(20, 'Choose a size'),
  email: email('Enter a valid email address'),
  locale: z.enum(STOREFRONT_LOCALES),
});

/** Always 202 `pending` (never tells whether the address was already subscribed). */
export const requestStorefrontNotify = defineContract({
  id: 'storefront.notify.request',
  method: 'POST',
  path: '/api/store/{storeId}/notify',
  auth: 'public',
  params: storeParams,
  body: notifyRequestSchema,
  response: z.object({ status: z.literal('pending') }),
  maxBodyBytes: 2 * 1024,
});

const notifyToken = z.strictObject({ token: z.string().check(z.minLength(10), z.maxLength(200)) });
const notifyAnswer = z.object({
  storeId: z.string(),
  storeName: z.string(),
  productId: z.string(),
  productName: z.string(),
  size: z.string(),
});

/** 404 NOTIFY_TOKEN_INVALID for an unknown or used token. */
export const confirmStorefrontNotify = defineContract({
  id: 'storefront.notify.confirm',
  method: 'POST',
  path: '/api/storefront/notify/confirm',
  auth: 'public',
  body: notifyToken,
  response: z.object({ status: z.literal('confirmed'), ...notifyAnswer.shape }),
  maxBodyBytes: 1024,
});

/** One click from the email; idempotent (a second click answers `unsubscribed` too). */
export const unsubscribeStorefrontNotify = defineContract({
  id: 'storefront.notify.unsubscribe',
  method: 'POST',
  path: '/api/storefront/notify/unsubscribe',
  auth: 'public',
  body: notifyToken,
  response: z.object({ status: z.literal('unsubscribed') }),
  maxBodyBytes: 1024,
});

// ---------------------------------------------------------------------------------------------
// Pages for search engines and sharing: HTML with the head and the first data inline
// ---------------------------------------------------------------------------------------------

/** `/store/{storeId}`: store.html with title, description, canonical, Open Graph and the first page. */
export const renderStorefrontPage = defineContract({
  id: 'storefront.page.store',
  method: 'GET',
  path: '/store/{storeId}',
  auth: 'public',
  params: storeParams,
  produces: 'html',
  response: z.string(),
});

/** `/store/{storeId}/product/{productId}`: also schema.org Product with its Offer. */
export const renderStorefrontProductPage = defineContract({
  id: 'storefront.page.product',
  method: 'GET',
  path: '/store/{storeId}/product/{productId}',
  auth: 'public',
  params: productParams,
  produces: 'html',
  response: z.string(),
});

export const renderStorefrontSitemap = defineContract({
  id: 'storefront.page.sitemap',
  method: 'GET',
  path: '/store/{storeId}/sitemap.xml',
  auth: 'public',
  params: storeParams,
  produces: 'xml',
  response: z.string(),
});

export const storefrontContracts = [
  getStorefrontSetup,
  updateStorefrontSetup,
  listStorefrontPrices,
  setStorefrontPrice,
  getStorefront,
  getStorefrontProduct,
  createStorefrontCheckout,
  getStorefrontCheckout,
  cancelStorefrontCheckout,
  requestStorefrontNotify,
  confirmStorefrontNotify,
  unsubscribeStorefrontNotify,
  renderStorefrontPage,
  renderStorefrontProductPage,
  renderStorefrontSitemap,
] as const;
