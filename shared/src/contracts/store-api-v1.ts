import * as z from 'zod/mini';
import { CURRENCIES } from '../money';
import { pageQuery } from '../paging/page';
import { MAX_SIZE_LENGTH } from '../sizes';
import { defineContract } from './contract';
import { amount, cents, recordId, text } from './fields';
import { ITEM_STATUSES, LIST_TYPES } from './list-values';

/**
 * The store API integrators call with an `x-api-key` (docs/product/store-api.md#v1-routes):
 * versioned under `/v1`, fields in snake_case as integrators expect, money in integer cents
 * beside its currency (the product's money rule: 200 is 2.00 EUR). Each route is served by the
 * service that owns its data (lists, commerce, catalog) and runs as the key's store.
 * The OpenAPI document and the reference page are generated from these contracts and from
 * `storeApiV1Examples` below (services/store-api/scripts/openapi.ts).
 */

/** Largest and default page of `GET /v1/inventory` and `GET /v1/virtual-products`. */
export const V1_PAGE_SIZE_MAX = 50;
export const V1_PAGE_SIZE_DEFAULT = 50;
/** The buyer a sale made through the API records when the call names none. */
export const V1_DEFAULT_BUYER_NAME = 'Store API customer';

const sizeText = z.string().check(z.trim(), z.minLength(1), z.maxLength(MAX_SIZE_LENGTH));

/** One item of one of the store's lists. `price`: the list's own price (see below). */
export const v1ItemSchema = z.object({
  id: z.string(),
  list: z.enum(LIST_TYPES),
  status: z.enum(ITEM_STATUSES),
  sku: z.string(),
  name: z.string(),
  brand: z.string(),
  colorway: z.string(),
  image_url: z.nullable(z.string()),
  sizes: z.array(z.string()),
  /** Inventory: the asking price; WTS/WTC: the desired price; WTB: the target price. Cents. */
  price: z.nullable(cents),
  currency: z.enum(CURRENCIES),
  /** The catalogue product (`GET /v1/prices/{productId}`), when the item is linked to one. */
  product_id: z.nullable(z.string()),
  created_at: z.string(),
  updated_at: z.string(),
});
export type V1Item = z.infer<typeof v1ItemSchema>;

/**
 * The store's items of one list (default the inventory), newest first. `sku` matches the SKU
 * and `size` one of the item's sizes, each ignoring case and extra spaces (`eu 42` finds
 * `EU 42`). With a filter a page may hold fewer than `limit` items while `cursor` is not null.
 */
export const getV1Inventory = defineContract({
  id: 'storeApiV1.inventory',
  method: 'GET',
  path: '/v1/inventory',
  auth: 'apiKey',
  query: z.object({
    list: z.optional(z.enum(LIST_TYPES)),
    sku: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(40))),
    size: z.optional(sizeText),
    ...pageQuery(V1_PAGE_SIZE_MAX),
  }),
  response: z.object({ items: z.array(v1ItemSchema), cursor: z.nullable(z.string()) }),
});

export const v1VirtualProductSchema = z.object({
  id: z.string(),
  sku: z.string(),
  name: z.string(),
  brand: z.string(),
  colorway: z.string(),
  image_url: z.nullable(z.string()),
  /** The selling price, cents. */
  price: cents,
  currency: z.enum(CURRENCIES),
  sizes: z.array(z.string()),
  /** Only an active virtual product can be sold. */
  active: z.boolean(),
  product_id: z.nullable(z.string()),
  created_at: z.string(),
});
export type V1VirtualProduct = z.infer<typeof v1VirtualProductSchema>;

/** The store's virtual products, newest first. */
export const listV1VirtualProducts = defineContract({
  id: 'storeApiV1.virtualProducts',
  method: 'GET',
  path: '/v1/virtual-products',
  auth: 'apiKey',
  query: z.object(pageQuery(V1_PAGE_SIZE_MAX)),
  response: z.object({ virtual_products: z.array(v1VirtualProductSchema), cursor: z.nullable(z.string()) }),
});

/**
 * A sale as the dashboard records it (commerce's own use case): `item_id` is an inventory
 * item, or a virtual product with `is_virtual: true`; `size` one of its sizes; `price` the sale
 * price in cents of the item's currency. Requires an `Idempotency-Key` header.
 */
export const v1SaleCreateSchema = z.strictObject({
  item_id: recordId,
  size: sizeText,
  price: amount,
  buyer_name: z.optional(text(120)),
  is_virtual: z.optional(z.boolean()),
});
export type V1SaleCreate = z.input<typeof v1SaleCreateSchema>;

export const v1SaleSchema = z.object({
  id: z.string(),
  item_id: z.nullable(z.string()),
  is_virtual: z.boolean(),
  sku: z.string(),
  name: z.string(),
  size: z.string(),
  price: cents,
  /** What the pair cost the store (the item's purchase price, the virtual product's cost). */
  purchase_price: cents,
  fees: cents,
  /** price − purchase_price − fees; may be negative. */
  profit: z.int(),
  currency: z.enum(CURRENCIES),
  buyer_name: z.string(),
  sale_date: z.iso.date(),
  created_at: z.string(),
});
export type V1Sale = z.infer<typeof v1SaleSchema>;

/**
 * 201 with the sale; 200 with the same sale for a retry with the same Idempotency-Key.
 * 404 ITEM_NOT_FOUND / VIRTUAL_PRODUCT_NOT_FOUND (also another store's ids); 409
 * ITEM_NOT_AVAILABLE (sold, the size not in stock, an inactive virtual product); 400
 * SIZE_NOT_OFFERED, IDEMPOTENCY_KEY_REQUIRED.
 */
export const createV1Sale = defineContract({
  id: 'storeApiV1.sales.create',
  method: 'POST',
  path: '/v1/sales',
  auth: 'apiKey',
  body: v1SaleCreateSchema,
  response: z.object({ sale: v1SaleSchema }),
  maxBodyBytes: 2 * 1024,
});

export const v1StorePriceSchema = z.object({
  item_id: z.string(),
  sizes: z.array(z.string()),
  status: z.enum(ITEM_STATUSES),
  /** The store's asking price, cents; null: the item has none yet. */
  price: z.nullable(cents),
  currency: z.enum(CURRENCIES),
});

export const v1MarketVariantSchema = z.object({
  variant_id: z.string(),
  label: z.string(),
  size_eu: z.nullable(z.string()),
  size_us_m: z.nullable(z.string()),
  retail_price: z.nullable(cents),
});

/**
 * The store's own inventory items of a catalogue product and their asking prices, and the
 * market data the catalogue holds for it (the retail price, per size variant too).
 * 404 PRODUCT_NOT_FOUND.
 */
export const getV1Prices = defineContract({
  id: 'storeApiV1.prices',
  method: 'GET',
  path: '/v1/prices/{productId}',
  auth: 'apiKey',
  params: z.strictObject({ productId: recordId }),
  response: z.object({
    product: z.object({
      id: z.string(),
      sku: z.string(),
      name: z.string(),
      brand: z.string(),
      image_url: z.nullable(z.string()),
    }),
    store_prices: z.array(v1StorePriceSchema),
    market: z.object({
      retail_price: z.nullable(cents),
      currency: z.enum(CURRENCIES),
      variants: z.array(v1MarketVariantSchema),
    }),
  }),
});

export const storeApiV1Contracts = [
  getV1Inventory,
  listV1VirtualProducts,
  createV1Sale,
  getV1Prices,
] as const;

const exampleProductId = '01JD7Q2M5X9VJ3K8N4T6W1ZR0P';
const exampleItem: V1Item = {
  id: '01JD7Q4C8B2H6M1N5P9R3T7V0X',
  list: 'inventory',
  status: 'available',
  sku: 'DD1391-100',
  name: 'Nike Dunk Low Retro White Black Panda',
  brand: 'Nike',
  colorway: 'White/Black',
  image_url: null,
  sizes: ['EU 42', 'EU 43'],
  price: 14000,
  currency: 'EUR',
  product_id: exampleProductId,
  created_at: '2026-03-02T10:15:00.000Z',
  updated_at: '2026-03-02T10:15:00.000Z',
};

/**
 * Each route's example request and answer, for the OpenAPI document and the reference page.
 * A unit test parses each against its contract, so an example cannot drift from its route.
 */
export const storeApiV1Examples: Record<
  string,
  { query?: Record<string, string>; params?: Record<string, string>; body?: unknown; response: unknown }
> = {
  [getV1Inventory.id]: {
    query: { list: 'inventory', size: 'EU 42', limit: '50' },
    response: { items: [exampleItem], cursor: null },
  },
  [listV1VirtualProducts.id]: {
    response: {
      virtual_products: [
        {
          id: '01JD7Q6F1A4C8E2G6J0L4N8Q2S',
          sku: 'FQ8138-002',
          name: 'Air Jordan 4 Retro Fear',
          brand: 'Jordan',
          colorway: 'Black/White',
          image_url: null,
          price: 23000,
          currency: 'EUR',
          sizes: ['EU 42', 'EU 44'],
          active: true,
          product_id: null,
          created_at: '2026-03-01T09:00:00.000Z',
        },
      ],
      cursor: null,
    },
  },
  [createV1Sale.id]: {
    body: { item_id: exampleItem.id, size: 'EU 42', price: 15000, buyer_name: 'Ana García' },
    response: {
      sale: {
        id: '01JD7Q9K3M7P1R5T9V3X7Z1B5D',
        item_id: exampleItem.id,
        is_virtual: false,
        sku: 'DD1391-100',
        name: 'Nike Dunk Low Retro White Black Panda',
        size: 'EU 42',
        price: 15000,
        purchase_price: 9500,
        fees: 0,
        profit: 5500,
        currency: 'EUR',
        buyer_name: 'Ana García',
        sale_date: '2026-03-04',
        created_at: '2026-03-04T16:20:00.000Z',
      },
    },
  },
  [getV1Prices.id]: {
    params: { productId: exampleProductId },
    response: {
      product: {
        id: exampleProductId,
        sku: 'DD1391-100',
        name: 'Nike Dunk Low Retro White Black Panda',
        brand: 'Nike',
        image_url: null,
      },
      store_prices: [
        {
          item_id: exampleItem.id,
          sizes: ['EU 42', 'EU 43'],
          status: 'available',
          price: 14000,
          currency: 'EUR',
        },
      ],
      market: {
        retail_price: 11999,
        currency: 'EUR',
        variants: [
          {
            variant_id: '01JD7QB2D6F0H4K8M2P6R0T4W8',
            label: 'US M 9',
            size_eu: '42.5',
            size_us_m: '9',
            retail_price: 11999,
          },
        ],
      },
    },
  },
};
