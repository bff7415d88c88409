import {
  CURRENCIES,
  GENDERS,
  productUpdateSchema,
  type Currency,
  type Gender,
  type Product,
  type ProductUpdate,
} from '@sneakers/shared';

/** The fields the edit dialog shows, as typed. */
export const PRODUCT_FIELDS = [
  'name',
  'sku',
  'brand',
  'productType',
  'colorway',
  'gender',
  'releaseDate',
  'retailPrice',
  'currency',
  'imageUrl',
  'marketplaceSlug',
  'marketplaceProductId',
] as const;
export type ProductField = (typeof PRODUCT_FIELDS)[number];
export type ProductDraft = Record<ProductField, string>;

export function isProductField(key: string): key is ProductField {
  return (PRODUCT_FIELDS as readonly string[]).includes(key);
}

export function draftFromProduct(product: Product): ProductDraft {
  return {
    name: product.name,
    sku: product.sku,
    brand: product.brand,
    productType: product.productType,
    colorway: product.colorway,
    gender: product.gender ?? '',
    releaseDate: product.releaseDate ?? '',
    retailPrice: product.retailPrice === null ? '' : (product.retailPrice / 100).toFixed(2),
    currency: product.currency,
    imageUrl: product.imageUrl ?? '',
    marketplaceSlug: product.marketplaceSlug ?? '',
    marketplaceProductId: product.marketplaceProductId ?? '',
  };
}

/** '149.99' or '149,99' as cents; '' as null; anything else NaN (the schema refuses it). */
export function priceToCents(text: string): number | null {
  const trimmed = text.trim().replace(',', '.');
  if (!trimmed) return null;
  if (!/^\d+(\.\d{1,2})?$/.test(trimmed)) return Number.NaN;
  return Math.round(Number(trimmed) * 100);
}

const isGender = (value: string): value is Gender => (GENDERS as readonly string[]).includes(value);
const isCurrency = (value: string): value is Currency => (CURRENCIES as readonly string[]).includes(value);
const orNull = (text: string) => (text.trim() ? text.trim() : null);

/**
 * The update body (only what changed) checked by the contract's own schema, or the fields
 * it refuses: the dialog and the API never disagree about what is valid.
 */
export function toProductUpdate(
  draft: ProductDraft,
  product: Product,
): { body: ProductUpdate } | { invalid: ProductField[] } | { unchanged: true } {
  const gender = draft.gender.trim();
  const currency = draft.currency.trim();
  const full: Required<ProductUpdate> = {
    name: draft.name.trim(),
    sku: draft.sku.trim(),
    brand: draft.brand.trim(),
    productType: draft.productType.trim(),
    colorway: draft.colorway.trim(),
    gender: gender && isGender(gender) ? gender : null,
    releaseDate: orNull(draft.releaseDate),
    retailPrice: priceToCents(draft.retailPrice),
    currency: isCurrency(currency) ? currency : product.currency,
    imageUrl: orNull(draft.imageUrl),
    marketplaceSlug: orNull(draft.marketplaceSlug),
    marketplaceProductId: orNull(draft.marketplaceProductId),
  };
  const body: ProductUpdate = {};
  for (const key of PRODUCT_FIELDS) {
    if (full[key] !== product[key]) Object.assign(body, { [key]: full[key] });
  }
  if (Object.keys(body).length === 0) return { unchanged: true };
  const parsed = productUpdateSchema.safeParse(body);
  if (parsed.success) return { body };
  const invalid = new Set<ProductField>();
  for (const issue of parsed.error.issues) {
    const key = String(issue.path[0] ?? '');
    if (isProductField(key)) invalid.add(key);
  }
  return { invalid: [...invalid] };
}
