import * as z from 'zod/mini';
import { CURRENCIES } from '../money';
import { cursorField, pageQuery as pageQueryOf } from '../paging/page';
import { defineContract } from './contract';
import { amount, cents, recordId as id, requiredText, text } from './fields';
import { saleSchema } from './sale-schema';

/**
 * Orders (docs/product/commerce.md#orders: the Orders section, /add-order, /dashboard/order/{id}
 * and the shared order page).
 * `sale`: the store sells catalogue products to one of its clients; it turns into sales when
 * fulfilled. `purchase`: the store buys, made in one action from an accepted offer on its WTB
 * or WTC list; the bought sizes leave the public list and both sides see the order.
 */
export const ORDER_STATUSES = ['pending', 'paid', 'shipped', 'delivered', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const ORDER_KINDS = ['sale', 'purchase'] as const;
export type OrderKind = (typeof ORDER_KINDS)[number];
export const ORDER_LINES_MAX = 50;
/**
 * Where an order came from: the dashboard's Add order, an accepted offer, or a paid checkout
 * on the store's online storefront (docs/product/commerce.md#online-orders).
 */
export const ORDER_CHANNELS = ['dashboard', 'offer', 'storefront'] as const;
export type OrderChannel = (typeof ORDER_CHANNELS)[number];
const pageQuery = pageQueryOf(100);

export const orderLineSchema = z.object({
  id: z.string(),
  productCatalogId: z.nullable(z.string()),
  productVariantId: z.nullable(z.string()),
  /** Purchase orders: the list item the offer was made on. */
  itemId: z.nullable(z.string()),
  sku: z.string(),
  name: z.string(),
  brand: z.string(),
  colorway: z.string(),
  imageUrl: z.nullable(z.string()),
  size: z.string(),
  quantity: z.int(),
  unitPrice: cents,
  /** Sale orders: what one unit costs the store (the fulfilled sale's purchase price); null: unknown. */
  unitCost: z.nullable(cents),
});
export type OrderLine = z.infer<typeof orderLineSchema>;

export const COUNTERPARTY_KINDS = ['client', 'user', 'contact'] as const;
export const counterpartySchema = z.object({
  /** client: one of the store's clients; user: a signed-in trading partner; contact: an anonymous offer's sender. */
  kind: z.enum(COUNTERPARTY_KINDS),
  clientId: z.nullable(z.string()),
  userId: z.nullable(z.string()),
  name: z.string(),
  email: z.nullable(z.string()),
});

/** An online buyer's delivery details (storefront orders); never on the shared page. */
export const orderBuyerSchema = z.object({
  phone: z.string(),
  shipping: z.object({
    line1: z.string(),
    line2: z.nullable(z.string()),
    city: z.string(),
    postalCode: z.string(),
    country: z.string(),
  }),
  /** en or es: the buyer's language on the storefront. */
  locale: z.string(),
});
export type OrderBuyer = z.infer<typeof orderBuyerSchema>;

export const orderSchema = z.object({
  id: z.string(),
  kind: z.enum(ORDER_KINDS),
  status: z.enum(ORDER_STATUSES),
  storeUserId: z.string(),
  storeBusinessName: z.string(),
  counterparty: counterpartySchema,
  lines: z.array(orderLineSchema),
  currency: z.enum(CURRENCIES),
  /** Σ quantity × unitPrice. */
  total: z.int(),
  notes: z.nullable(z.string()),
  /** The unguessable id of the shareable page /orders/{shareId}. */
  shareId: z.string(),
  offerGroupId: z.nullable(z.string()),
  anonymousOfferId: z.nullable(z.string()),
  /** The sales recorded when it was fulfilled (sale orders). */
  saleIds: z.array(z.string()),
  fulfilledAt: z.nullable(z.string()),
  channel: z.enum(ORDER_CHANNELS),
  /** Storefront orders: the buyer's phone, shipping address and language; null otherwise. */
  buyer: z.nullable(orderBuyerSchema),
  /** Storefront orders: the payment provider's reference (the payment intent); null otherwise. */
  paymentReference: z.nullable(z.string()),
  /** `store`: the caller owns it; `partner`: the caller is the trading partner of a purchase order. */
  viewerRole: z.enum(['store', 'partner']),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Order = z.infer<typeof orderSchema>;

export const orderLineInputSchema = z.strictObject({
  productCatalogId: z.optional(z.nullable(text(64))),
  productVariantId: z.optional(z.nullable(text(64))),
  sku: requiredText(40, 'Product is required'),
  name: requiredText(160, 'Product is required'),
  brand: z.optional(text(60)),
  colorway: z.optional(text(120)),
  imageUrl: z.optional(z.nullable(z.url())),
  size: requiredText(20, 'Size is required'),
  quantity: z.int().check(z.minimum(1, 'Quantity must be at least 1'), z.maximum(99)),
  unitPrice: amount,
  unitCost: z.optional(z.nullable(amount)),
});
export type OrderLineInput = z.input<typeof orderLineInputSchema>;

/** A sale order for one of the store's clients. Requires an Idempotency-Key header. */
export const orderCreateSchema = z.strictObject({
  clientId: id,
  lines: z
    .array(orderLineInputSchema)
    .check(z.minLength(1, 'Add at least one product'), z.maxLength(ORDER_LINES_MAX)),
  currency: z.optional(z.enum(CURRENCIES)),
  notes: z.optional(z.nullable(text(2000))),
});
export type OrderCreate = z.input<typeof orderCreateSchema>;

export const orderUpdateSchema = z
  .strictObject({ status: z.optional(z.enum(ORDER_STATUSES)), notes: z.optional(z.nullable(text(2000))) })
  .check(z.refine((v) => Object.keys(v).length > 0, { message: 'Nothing to update' }));
export type OrderUpdate = z.input<typeof orderUpdateSchema>;

const orderId = z.object({ orderId: id });

/** The caller's orders, newest first: as the store (`side=store`, default) or as the trading partner. */
export const listOrders = defineContract({
  id: 'commerce.orders.list',
  method: 'GET',
  path: '/api/orders',
  auth: 'user',
  query: z.object({
    side: z.optional(z.enum(['store', 'partner'])),
    status: z.optional(z.enum(ORDER_STATUSES)),
    ...pageQuery,
  }),
  response: z.object({ orders: z.array(orderSchema), ...cursorField }),
});

/** 201 (200 on an Idempotency-Key replay); 404 CLIENT_NOT_FOUND. */
export const createOrder = defineContract({
  id: 'commerce.orders.create',
  method: 'POST',
  path: '/api/orders',
  auth: 'user',
  body: orderCreateSchema,
  response: z.object({ order: orderSchema }),
  maxBodyBytes: 32 * 1024,
});

/** The store or the trading partner; 404 ORDER_NOT_FOUND for anyone else. */
export const getOrder = defineContract({
  id: 'commerce.orders.get',
  method: 'GET',
  path: '/api/orders/{orderId}',
  auth: 'user',
  params: orderId,
  response: z.object({ order: orderSchema }),
});

/**
 * The store changes the status (shared/src/rules/order-transitions.ts; 409 INVALID_TRANSITION)
 * or the notes. The partner cannot (404).
 */
export const updateOrder = defineContract({
  id: 'commerce.orders.update',
  method: 'PATCH',
  path: '/api/orders/{orderId}',
  auth: 'user',
  params: orderId,
  body: orderUpdateSchema,
  response: z.object({ order: orderSchema }),
  maxBodyBytes: 4 * 1024,
});

/**
 * A paid, shipped or delivered sale order becomes sales (one per line, source `order`), once:
 * 409 ORDER_ALREADY_FULFILLED, ORDER_NOT_FULFILLABLE (pending, cancelled or a purchase).
 */
export const fulfilOrder = defineContract({
  id: 'commerce.orders.fulfil',
  method: 'POST',
  path: '/api/orders/{orderId}/fulfil',
  auth: 'user',
  params: orderId,
  response: z.object({ order: orderSchema, sales: z.array(saleSchema) }),
});

/**
 * The list owner turns an accepted offer (a signed-in offer's group, or an anonymous offer)
 * into a purchase order in one action, prefilled with the agreed lines and prices; the bought
 * sizes leave the public list in the same transaction. Once per offer: a repeat answers 200
 * with the same order. 404 OFFER_NOT_FOUND; 409 OFFER_NOT_ACCEPTED, or OFFER_STILL_OPEN while
 * a line still waits for an answer (docs/product/offers.md#offer-total).
 */
export const createOrderFromOffer = defineContract({
  id: 'commerce.orders.fromOffer',
  method: 'POST',
  path: '/api/offer-orders',
  auth: 'user',
  body: z.union([z.strictObject({ offerId: id }), z.strictObject({ anonymousOfferId: id })]),
  response: z.object({ order: orderSchema }),
  maxBodyBytes: 1024,
});

/** What anyone with the link sees at /orders/{shareId}: no buyer contact, notes, costs or ids. */
export const sharedOrderSchema = z.object({
  kind: z.enum(ORDER_KINDS),
  status: z.enum(ORDER_STATUSES),
  storeBusinessName: z.string(),
  lines: z.array(
    z.object({
      sku: z.string(),
      name: z.string(),
      brand: z.string(),
      colorway: z.string(),
      imageUrl: z.nullable(z.string()),
      size: z.string(),
      quantity: z.int(),
      unitPrice: cents,
    }),
  ),
  currency: z.enum(CURRENCIES),
  total: z.int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SharedOrder = z.infer<typeof sharedOrderSchema>;

/** Public, by the unguessable share id only (128 random bits); 404 ORDER_NOT_FOUND otherwise. */
export const getSharedOrder = defineContract({
  id: 'commerce.orders.getShared',
  method: 'GET',
  path: '/api/shared-orders/{shareId}',
  auth: 'public',
  params: z.object({ shareId: z.string().check(z.minLength(16), z.maxLength(64)) }),
  response: z.object({ order: sharedOrderSchema }),
});

export const ordersContracts = [
  listOrders,
  createOrder,
  getOrder,
  updateOrder,
  fulfilOrder,
  createOrderFromOffer,
  getSharedOrder,
] as const;
