import * as z from 'zod/mini';
import { CURRENCIES } from '../money';
import { cursorField, pageQuery as pageQueryOf } from '../paging/page';
import { MAX_SIZE_LENGTH, MAX_SIZES } from '../sizes';
import { defineContract } from './contract';
import { amount, cents, recordId as id, requiredText, text, updateOf } from './fields';

/**
 * Virtual products (docs/product/commerce.md#virtual-products; the planned store API would
 * expose them too, docs/product/store-api.md#store-api): products a store sells without
 * holding stock, sourced on demand. Selling one records a sale (source `virtual`).
 */
const pageQuery = pageQueryOf(100);
const sizeText = z.string().check(z.trim(), z.minLength(1), z.maxLength(MAX_SIZE_LENGTH));

export const virtualProductSchema = z.object({
  id: z.string(),
  productCatalogId: z.nullable(z.string()),
  productVariantId: z.nullable(z.string()),
  sku: z.string(),
  name: z.string(),
  brand: z.string(),
  colorway: z.string(),
  imageUrl: z.nullable(z.string()),
  /** The selling price. */
  price: cents,
  /** What sourcing one pair is expected to cost (the sale's purchase price); null: unknown (0). */
  costPrice: z.nullable(cents),
  currency: z.enum(CURRENCIES),
  /** The sizes offered. */
  sizes: z.array(z.string()),
  /** Inactive products are kept (their sales point at them) but cannot be sold. */
  active: z.boolean(),
  notes: z.nullable(z.string()),
  /** Pairs sold so far. */
  soldCount: z.int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type VirtualProduct = z.infer<typeof virtualProductSchema>;

const fields = {
  productCatalogId: z.nullable(text(64)),
  productVariantId: z.nullable(text(64)),
  sku: requiredText(40, 'SKU is required'),
  name: requiredText(160, 'Name is required'),
  brand: text(60),
  colorway: text(120),
  imageUrl: z.nullable(z.url()),
  price: amount,
  costPrice: z.nullable(amount),
  currency: z.enum(CURRENCIES),
  sizes: z.array(sizeText).check(z.minLength(1, 'Pick at least one size'), z.maxLength(MAX_SIZES)),
  active: z.boolean(),
  notes: z.nullable(text(2000)),
};

export const virtualProductCreateSchema = z.strictObject({
  sku: fields.sku,
  name: fields.name,
  price: fields.price,
  sizes: fields.sizes,
  productCatalogId: z.optional(fields.productCatalogId),
  productVariantId: z.optional(fields.productVariantId),
  brand: z.optional(fields.brand),
  colorway: z.optional(fields.colorway),
  imageUrl: z.optional(fields.imageUrl),
  costPrice: z.optional(fields.costPrice),
  currency: z.optional(fields.currency),
  active: z.optional(fields.active),
  notes: z.optional(fields.notes),
});
export type VirtualProductCreate = z.input<typeof virtualProductCreateSchema>;

export const virtualProductUpdateSchema = updateOf(fields);
export type VirtualProductUpdate = z.input<typeof virtualProductUpdateSchema>;

const virtualProductId = z.object({ virtualProductId: id });

/** The store's virtual products, newest first. */
export const listVirtualProducts = defineContract({
  id: 'commerce.virtualProducts.list',
  method: 'GET',
  path: '/api/virtual-products',
  auth: 'user',
  query: z.object(pageQuery),
  response: z.object({ virtualProducts: z.array(virtualProductSchema), ...cursorField }),
});

/** Requires an Idempotency-Key header. */
export const createVirtualProduct = defineContract({
  id: 'commerce.virtualProducts.create',
  method: 'POST',
  path: '/api/virtual-products',
  auth: 'user',
  body: virtualProductCreateSchema,
  response: z.object({ virtualProduct: virtualProductSchema }),
  maxBodyBytes: 8 * 1024,
});

/** 404 VIRTUAL_PRODUCT_NOT_FOUND for anyone but its store. */
export const getVirtualProduct = defineContract({
  id: 'commerce.virtualProducts.get',
  method: 'GET',
  path: '/api/virtual-products/{virtualProductId}',
  auth: 'user',
  params: virtualProductId,
  response: z.object({ virtualProduct: virtualProductSchema }),
});

export const updateVirtualProduct = defineContract({
  id: 'commerce.virtualProducts.update',
  method: 'PATCH',
  path: '/api/virtual-products/{virtualProductId}',
  auth: 'user',
  params: virtualProductId,
  body: virtualProductUpdateSchema,
  response: z.object({ virtualProduct: virtualProductSchema }),
  maxBodyBytes: 8 * 1024,
});

/** Deletes a product that never sold; one with sales answers 409 VIRTUAL_PRODUCT_HAS_SALES (deactivate it instead). */
export const deleteVirtualProduct = defineContract({
  id: 'commerce.virtualProducts.delete',
  method: 'DELETE',
  path: '/api/virtual-products/{virtualProductId}',
  auth: 'user',
  params: virtualProductId,
  response: z.object({ deleted: z.literal(true) }),
});

export const virtualProductsContracts = [
  listVirtualProducts,
  createVirtualProduct,
  getVirtualProduct,
  updateVirtualProduct,
  deleteVirtualProduct,
] as const;
