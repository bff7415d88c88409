import * as z from 'zod/mini';
import { gtinKey } from '../rules/gtin';
import { CURRENCIES } from '../money';
import { cursorField, pageQuery } from '../paging/page';
import { defineContract } from './contract';
import { amount, cents, recordId, requiredText, text } from './fields';

/**
 * The catalog service (issue 13; docs/product/catalogue.md): one product catalogue shared by
 * every user, written by superusers and the import paths (marketplace API, release scraper).
 */

/** Products per search page (docs/product/catalogue.md#product-catalog-section). */
export const CATALOG_PAGE_SIZE = 24;
/** Deepest search page served: past it, narrow the query (the count stays exact). */
export const CATALOG_MAX_PAGE = 400;
/** The marketplace test page's limit (docs/product/catalogue.md#marketplace-api-test-page). */
export const MARKETPLACE_LIMIT_DEFAULT = 20;
export const MARKETPLACE_LIMIT_MAX = 50;
/** The scraper table shows 3 sizes then '+N'; the mapping preview 2 variants (docs/product/catalogue.md#scraper-test-page). */
export const SCRAPER_TABLE_SIZES = 3;
export const SCRAPER_PREVIEW_VARIANTS = 2;
/** Products one bulk upsert accepts (one call of the demo seed or an import page). */
export const BULK_PRODUCTS_MAX = 50;
/** Variants one product holds. */
export const VARIANTS_MAX = 80;
/** The feature that opens the marketplace test page and its route (docs/product/catalogue.md#marketplace-api-test-page). */
export const MARKETPLACE_FEATURE = 'stockx_api_integration';

export const GENDERS = ['men', 'women', 'unisex', 'kids', 'preschool', 'toddler', 'infant'] as const;
export type Gender = (typeof GENDERS)[number];

/** One size in every system (docs/product/catalogue.md#products-and-variants); null where unknown. */
export const variantSizeSchema = z.object({
  /** The brand whose chart the conversions follow (the size chart's key), e.g. 'nike'. */
  brand: z.nullable(z.string()),
  eu: z.nullable(z.string()),
  usM: z.nullable(z.string()),
  usW: z.nullable(z.string()),
  uk: z.nullable(z.string()),
  jpCm: z.nullable(z.string()),
});
export type VariantSize = z.infer<typeof variantSizeSchema>;

export const productSchema = z.object({
  id: z.string(),
  /** Style code as the brand writes it, e.g. `DD1391-100`. Unique across the catalogue (compared without separators). */
  sku: z.string(),
  name: z.string(),
  brand: z.string(),
  /** e.g. 'sneakers', 'apparel'. */
  productType: z.string(),
  imageUrl: z.nullable(z.string()),
  releaseDate: z.nullable(z.iso.date()),
  retailPrice: z.nullable(cents),
  currency: z.enum(CURRENCIES),
  colorway: z.string(),
  gender: z.nullable(z.enum(GENDERS)),
  /** The marketplace's URL key (the StockX slug). */
  marketplaceSlug: z.nullable(z.string()),
  /** The marketplace's product id, used to refresh variants. */
  marketplaceProductId: z.nullable(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Product = z.infer<typeof productSchema>;

export const variantSchema = z.object({
  id: z.string(),
  productId: z.string(),
  /** The variant's own label, e.g. 'US M 9' or '42.5' (docs/product/catalogue.md#products-and-variants). */
  label: z.string(),
  retailPrice: z.nullable(cents),
  size: variantSizeSchema,
  marketplaceVariantId: z.nullable(z.string()),
  /** The box's barcode as GTIN-14 (shared/src/rules/gtin.ts); null when unknown. */
  gtin: z.nullable(z.string()),
  updatedAt: z.string(),
});
export type Variant = z.infer<typeof variantSchema>;

// ---- Inputs ----

const sizeValue = z.nullable(text(20));
const variantSizeInput = z.strictObject({
  brand: z.optional(z.nullable(text(40))),
  eu: z.optional(sizeValue),
  usM: z.optional(sizeValue),
  usW: z.optional(sizeValue),
  uk: z.optional(sizeValue),
  jpCm: z.optional(sizeValue),
});

export const variantInputSchema = z.strictObject({
  label: requiredText(40, 'Variant label is required'),
  retailPrice: z.optional(z.nullable(amount)),
  size: z.optional(variantSizeInput),
  marketplaceVariantId: z.optional(z.nullable(text(64))),
  /** A UPC, EAN or GTIN-14; stored as GTIN-14. */
  gtin: z.optional(
    z.nullable(
      z
        .string()
        .check(
          z.refine((code) => gtinKey(code) !== null, { message: 'GTIN must be 8, 12, 13 or 14 digits' }),
        ),
    ),
  ),
});
export type VariantInput = z.input<typeof variantInputSchema>;

const productFields = {
  sku: requiredText(40, 'SKU is required'),
  name: requiredText(200, 'Name is required'),
  brand: requiredText(60, 'Brand is required'),
  productType: z.optional(text(40)),
  imageUrl: z.optional(z.nullable(z.url())),
  releaseDate: z.optional(z.nullable(z.iso.date())),
  retailPrice: z.optional(z.nullable(amount)),
  currency: z.optional(z.enum(CURRENCIES)),
  colorway: z.optional(text(160)),
  gender: z.optional(z.nullable(z.enum(GENDERS))),
  marketplaceSlug: z.optional(z.nullable(text(200))),
  marketplaceProductId: z.optional(z.nullable(text(64))),
};

/** A product and (optionally) its variants; the same SKU (in any format) updates instead of duplicating. */
export const productInputSchema = z.strictObject({
  ...productFields,
  variants: z.optional(z.array(variantInputSchema).check(z.maxLength(VARIANTS_MAX))),
});
export type ProductInput = z.input<typeof productInputSchema>;

export const productUpdateSchema = z
  .partial(z.strictObject(productFields))
  .check(z.refine((v) => Object.keys(v).length > 0, { message: 'Nothing to update' }));
export type ProductUpdate = z.input<typeof productUpdateSchema>;

// ---- Search and reads ----

export const SEARCH_ORDERS = ['release', 'updated'] as const;

export const searchProductsQuery = z.object({
  /** Empty or absent: recent products (docs/product/catalogue.md#product-catalog-section). */
  q: z.optional(text(100)),
  /** Contains, case- and accent-insensitive. */
  brand: z.optional(text(60)),
  productType: z.optional(text(40)),
  page: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(CATALOG_MAX_PAGE))),
});

/**
 * Search by name, SKU, brand and product type, case-insensitive (docs/product/catalogue.md#product-catalog-section);
 * plus prefix matching, one typo in names and style codes in any format. Newest release
 * first (updated first for superusers); pages of 24 with an exact total.
 */
export const searchProducts = defineContract({
  id: 'catalog.products.search',
  method: 'GET',
  path: '/api/catalog/products',
  auth: 'user',
  query: searchProductsQuery,
  response: z.object({
    products: z.array(productSchema),
    total: z.int(),
    page: z.int(),
    pageSize: z.int(),
  }),
});

/** Brands and product types in the catalogue, for the filters. */
export const catalogFacets = defineContract({
  id: 'catalog.facets',
  method: 'GET',
  path: '/api/catalog/facets',
  auth: 'user',
  response: z.object({ brands: z.array(z.string()), productTypes: z.array(z.string()) }),
});

/** A product with its variants, sizes sorted (one DynamoDB Query). */
export const getProduct = defineContract({
  id: 'catalog.products.get',
  method: 'GET',
  path: '/api/catalog/products/{productId}',
  auth: 'user',
  params: z.object({ productId: recordId }),
  response: z.object({ product: productSchema, variants: z.array(variantSchema) }),
});

/**
 * The product and size a box's barcode names (docs/product/store-mode.md#scanning): a UPC,
 * EAN or GTIN-14, compared as GTIN-14. 404 GTIN_NOT_FOUND when no variant has it.
 */
export const findByGtin = defineContract({
  id: 'catalog.gtins.get',
  method: 'GET',
  path: '/api/catalog/gtins/{gtin}',
  auth: 'user',
  params: z.object({
    gtin: z
      .string()
      .check(z.refine((code) => gtinKey(code) !== null, { message: 'GTIN must be 8, 12, 13 or 14 digits' })),
  }),
  response: z.object({ product: productSchema, variant: variantSchema }),
});

/** Upcoming releases (release date today or later), soonest first; optional brand (contains). */
export const listReleases = defineContract({
  id: 'catalog.releases.list',
  method: 'GET',
  path: '/api/catalog/releases',
  auth: 'user',
  query: z.object({ ...pageQuery(100), brand: z.optional(text(60)), from: z.optional(z.iso.date()) }),
  response: z.object({ products: z.array(productSchema), ...cursorField }),
});

// ---- Superuser writes ----

export const createProduct = defineContract({
  id: 'catalog.products.create',
  method: 'POST',
  path: '/api/catalog/products',
  auth: 'user',
  superuserOnly: true,
  body: productInputSchema,
  response: z.object({ product: productSchema, variants: z.array(variantSchema), created: z.boolean() }),
});

/** Up to 50 products with variants in one call, each upserted by SKU (seed, scripts). */
export const upsertProducts = defineContract({
  id: 'catalog.products.bulk',
  method: 'POST',
  path: '/api/catalog/products/bulk',
  auth: 'user',
  superuserOnly: true,
  body: z.strictObject({
    products: z.array(productInputSchema).check(z.minLength(1), z.maxLength(BULK_PRODUCTS_MAX)),
  }),
  response: z.object({ created: z.int(), updated: z.int(), productIds: z.array(z.string()) }),
  maxBodyBytes: 1024 * 1024,
});

export const updateProduct = defineContract({
  id: 'catalog.products.update',
  method: 'PATCH',
  path: '/api/catalog/products/{productId}',
  auth: 'user',
  superuserOnly: true,
  params: z.object({ productId: recordId }),
  body: productUpdateSchema,
  response: z.object({ product: productSchema }),
});

export const deleteProduct = defineContract({
  id: 'catalog.products.delete',
  method: 'DELETE',
  path: '/api/catalog/products/{productId}',
  auth: 'user',
  superuserOnly: true,
  params: z.object({ productId: recordId }),
  response: z.object({ deleted: z.literal(true) }),
});

/** The refresh-variants modal: re-reads the product's variants from the marketplace API. */
export const refreshVariants = defineContract({
  id: 'catalog.products.refreshVariants',
  method: 'POST',
  path: '/api/catalog/products/{productId}/refresh-variants',
  auth: 'user',
  superuserOnly: true,
  params: z.object({ productId: recordId }),
  response: z.object({
    variants: z.array(variantSchema),
    added: z.int(),
    updated: z.int(),
    removed: z.int(),
  }),
});

export const catalogContracts = [
  searchProducts,
  catalogFacets,
  getProduct,
  findByGtin,
  listReleases,
  createProduct,
  upsertProducts,
  updateProduct,
  deleteProduct,
  refreshVariants,
] as const;
