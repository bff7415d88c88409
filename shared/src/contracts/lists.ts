import * as z from 'zod/mini';
import { CURRENCIES } from '../money';
import { pageQuery as pageQueryOf } from '../paging/page';
import { defineContract } from './contract';
import { MAX_SIZE_LENGTH, MAX_SIZES } from '../sizes';
import { amount, MAX_CENTS, requiredText, text } from './fields';
import { ROLES } from './profiles';
import {
  ITEM_STATUSES,
  ITEM_VISIBILITIES,
  LIST_TYPES,
  OFFERABLE_LIST_TYPES,
  SHAREABLE_LIST_TYPES,
} from './list-values';

/** Items (docs/product/lists-and-public-lists.md#item-fields) and who sees them (docs/product/lists-and-public-lists.md#visibility-rule). Prices are integer cents. */
export { LIST_TYPES, SHAREABLE_LIST_TYPES, OFFERABLE_LIST_TYPES, ITEM_STATUSES, ITEM_VISIBILITIES };
export type ListType = (typeof LIST_TYPES)[number];
export type ShareableListType = (typeof SHAREABLE_LIST_TYPES)[number];
export const PUBLIC_PAGE_SIZE_MAX = 100;

const cents = z.int().check(z.minimum(0), z.maximum(MAX_CENTS));
const sizeText = z.string().check(z.trim(), z.minLength(1), z.maxLength(MAX_SIZE_LENGTH));

export const itemSchema = z.object({
  id: z.string(),
  userId: z.string(),
  listType: z.enum(LIST_TYPES),
  status: z.enum(ITEM_STATUSES),
  visibility: z.enum(ITEM_VISIBILITIES),
  urgent: z.boolean(),
  isBulk: z.boolean(),
  productCatalogId: z.nullable(z.string()),
  productVariantId: z.nullable(z.string()),
  bookingId: z.nullable(z.string()),
  sku: z.string(),
  name: z.string(),
  brand: z.string(),
  colorway: z.string(),
  imageUrl: z.nullable(z.string()),
  /** Sizes the item covers ('BULK' allowed); a single-size item has one entry. */
  sizes: z.array(z.string()),
  /** WTB: what the owner wants to pay. */
  targetPrice: z.nullable(cents),
  /** WTS/WTC: what the owner wants to get. */
  desiredPrice: z.nullable(cents),
  /** Inventory: what the owner asks for the item (online store, store API, overview). */
  askingPrice: z.nullable(cents),
  currency: z.enum(CURRENCIES),
  source: z.nullable(z.string()),
  purchasePrice: z.nullable(cents),
  purchaseDate: z.nullable(z.iso.date()),
  notes: z.nullable(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Item = z.infer<typeof itemSchema>;

const itemFields = {
  status: z.enum(ITEM_STATUSES),
  visibility: z.enum(ITEM_VISIBILITIES),
  urgent: z.boolean(),
  isBulk: z.boolean(),
  productCatalogId: z.nullable(text(64)),
  productVariantId: z.nullable(text(64)),
  bookingId: z.nullable(text(64)),
  sku: requiredText(40, 'SKU is required'),
  name: requiredText(160, 'Name is required'),
  brand: text(60),
  colorway: text(120),
  imageUrl: z.nullable(z.url()),
  sizes: z.array(sizeText).check(z.minLength(1, 'Pick at least one size'), z.maxLength(MAX_SIZES)),
  targetPrice: z.nullable(amount),
  desiredPrice: z.nullable(amount),
  askingPrice: z.nullable(amount),
  currency: z.enum(CURRENCIES),
  source: z.nullable(text(120)),
  purchasePrice: z.nullable(amount),
  purchaseDate: z.nullable(z.iso.date()),
  notes: z.nullable(text(2000)),
};

export const itemCreateSchema = z.strictObject({
  listType: z.enum(LIST_TYPES),
  sku: itemFields.sku,
  name: itemFields.name,
  sizes: itemFields.sizes,
  brand: z.optional(itemFields.brand),
  colorway: z.optional(itemFields.colorway),
  imageUrl: z.optional(itemFields.imageUrl),
  status: z.optional(itemFields.status),
  visibility: z.optional(itemFields.visibility),
  urgent: z.optional(itemFields.urgent),
  isBulk: z.optional(itemFields.isBulk),
  productCatalogId: z.optional(itemFields.productCatalogId),
  productVariantId: z.optional(itemFields.productVariantId),
  bookingId: z.optional(itemFields.bookingId),
  targetPrice: z.optional(itemFields.targetPrice),
  desiredPrice: z.optional(itemFields.desiredPrice),
  askingPrice: z.optional(itemFields.askingPrice),
  currency: z.optional(itemFields.currency),
  source: z.optional(itemFields.source),
  purchasePrice: z.optional(itemFields.purchasePrice),
  purchaseDate: z.optional(itemFields.purchaseDate),
  notes: z.optional(itemFields.notes),
});
export type ItemCreate = z.input<typeof itemCreateSchema>;

export const itemUpdateSchema = z
  .strictObject({
    sku: z.optional(itemFields.sku),
    name: z.optional(itemFields.name),
    sizes: z.optional(itemFields.sizes),
    brand: z.optional(itemFields.brand),
    colorway: z.optional(itemFields.colorway),
    imageUrl: z.optional(itemFields.imageUrl),
    status: z.optional(itemFields.status),
    visibility: z.optional(itemFields.visibility),
    urgent: z.optional(itemFields.urgent),
    isBulk: z.optional(itemFields.isBulk),
    productCatalogId: z.optional(itemFields.productCatalogId),
    productVariantId: z.optional(itemFields.productVariantId),
    targetPrice: z.optional(itemFields.targetPrice),
    desiredPrice: z.optional(itemFields.desiredPrice),
    askingPrice: z.optional(itemFields.askingPrice),
    currency: z.optional(itemFields.currency),
    source: z.optional(itemFields.source),
    purchasePrice: z.optional(itemFields.purchasePrice),
    purchaseDate: z.optional(itemFields.purchaseDate),
    notes: z.optional(itemFields.notes),
  })
  .check(z.refine((v) => Object.keys(v).length > 0, { message: 'Nothing to update' }));
export type ItemUpdate = z.input<typeof itemUpdateSchema>;

const itemId = z.object({ itemId: z.string().check(z.minLength(1), z.maxLength(64)) });
const pageQuery = pageQueryOf(PUBLIC_PAGE_SIZE_MAX);

/** The owner's items of one list, newest first, one Query per page. */
export const listMyItems = defineContract({
  id: 'lists.listMine',
  method: 'GET',
  path: '/api/items',
  auth: 'user',
  query: z.object({ listType: z.enum(LIST_TYPES), ...pageQuery }),
  response: z.object({ items: z.array(itemSchema), cursor: z.nullable(z.string()) }),
});

/**
 * 201 `{ item, created: true }`. With a `bookingId` the caller already made an item from,
 * 200 `{ item: <that item>, created: false }` and nothing is written (one booking, at most
 * one item; also under concurrent requests).
 */
export const createItem = defineContract({
  id: 'lists.create',
  method: 'POST',
  path: '/api/items',
  auth: 'user',
  body: itemCreateSchema,
  response: z.object({ item: itemSchema, created: z.boolean() }),
  maxBodyBytes: 16 * 1024,
});

export const getMyItem = defineContract({
  id: 'lists.get',
  method: 'GET',
  path: '/api/items/{itemId}',
  auth: 'user',
  params: itemId,
  response: z.object({ item: itemSchema }),
});

export const updateItem = defineContract({
  id: 'lists.update',
  method: 'PATCH',
  path: '/api/items/{itemId}',
  auth: 'user',
  params: itemId,
  body: itemUpdateSchema,
  response: z.object({ item: itemSchema }),
  maxBodyBytes: 16 * 1024,
});

export const deleteItem = defineContract({
  id: 'lists.delete',
  method: 'DELETE',
  path: '/api/items/{itemId}',
  auth: 'user',
  params: itemId,
  response: z.object({ deleted: z.literal(true) }),
});

/** What a visitor sees of an item: nothing private (no purchase data, notes or source). */
export const publicItemSchema = z.object({
  id: z.string(),
  listType: z.enum(SHAREABLE_LIST_TYPES),
  urgent: z.boolean(),
  isBulk: z.boolean(),
  sku: z.string(),
  name: z.string(),
  brand: z.string(),
  colorway: z.string(),
  imageUrl: z.nullable(z.string()),
  sizes: z.array(z.string()),
  targetPrice: z.nullable(cents),
  desiredPrice: z.nullable(cents),
  currency: z.enum(CURRENCIES),
  productCatalogId: z.nullable(z.string()),
  productVariantId: z.nullable(z.string()),
  createdAt: z.string(),
});
export type PublicItem = z.infer<typeof publicItemSchema>;

export const publicOwnerSchema = z.object({
  userId: z.string(),
  businessName: z.string(),
  role: z.enum(ROLES),
  location: z.string(),
  avatarUrl: z.nullable(z.string()),
  contactEmail: z.string(),
  instagramHandle: z.nullable(z.string()),
});
export type PublicOwner = z.infer<typeof publicOwnerSchema>;

const publicListParams = z.object({
  userId: z.string().check(z.minLength(1), z.maxLength(64)),
  listType: z.enum(SHAREABLE_LIST_TYPES),
});

/**
 * A public list page: urgent items first, then newest; one Query per page on a sparse
 * index holding only shareable items. 404 PROFILE_NOT_FOUND for an unknown owner; 403
 * LIST_PRIVATE when the owner's list flag is off (nothing else, not even a count).
 */
export const getPublicList = defineContract({
  id: 'lists.getPublic',
  method: 'GET',
  path: '/api/public-lists/{userId}/{listType}',
  auth: 'public',
  params: publicListParams,
  query: z.object(pageQuery),
  response: z.object({
    owner: publicOwnerSchema,
    listType: z.enum(SHAREABLE_LIST_TYPES),
    items: z.array(publicItemSchema),
    cursor: z.nullable(z.string()),
  }),
});

/** Every size and brand on a public list, for the filters (sizes BULK first, then sorted). */
export const getPublicListFacets = defineContract({
  id: 'lists.getPublicFacets',
  method: 'GET',
  path: '/api/public-lists/{userId}/{listType}/facets',
  auth: 'public',
  params: publicListParams,
  response: z.object({ sizes: z.array(z.string()), brands: z.array(z.string()), total: z.int() }),
});

export const listsContracts = [
  listMyItems,
  createItem,
  getMyItem,
  updateItem,
  deleteItem,
  getPublicList,
  getPublicListFacets,
] as const;
