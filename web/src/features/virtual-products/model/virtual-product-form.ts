import {
  compareSizes,
  defaultSizeOf,
  formatSize,
  MAX_SIZES,
  toCents,
  type Currency,
  type Variant,
  type VirtualProduct,
  type VirtualProductCreate,
  type VirtualProductUpdate,
} from '@sneakers/shared';
import { amountBoundKey } from '../../../lib/field-errors';

export interface VirtualProductDraft {
  productCatalogId: string | null;
  productVariantId: string | null;
  sku: string;
  name: string;
  brand: string;
  colorway: string;
  imageUrl: string;
  /** The sizes offered, in the order shown. */
  sizes: string[];
  price: string;
  costPrice: string;
  currency: Currency;
  notes: string;
  active: boolean;
}

export type DraftField = 'product' | 'sku' | 'name' | 'imageUrl' | 'sizes' | 'price' | 'costPrice' | 'notes';
/** Per field: a string key (`virtualProducts.form.errors.*`) or the server's own message. */
export type DraftErrors = Partial<Record<DraftField, string>>;

export function emptyDraft(currency: Currency): VirtualProductDraft {
  return {
    productCatalogId: null,
    productVariantId: null,
    sku: '',
    name: '',
    brand: '',
    colorway: '',
    imageUrl: '',
    sizes: [],
    price: '',
    costPrice: '',
    currency,
    notes: '',
    active: true,
  };
}

export function centsToInput(cents: number | null): string {
  return cents === null ? '' : (cents / 100).toFixed(2);
}

export function draftFrom(product: VirtualProduct): VirtualProductDraft {
  return {
    productCatalogId: product.productCatalogId,
    productVariantId: product.productVariantId,
    sku: product.sku,
    name: product.name,
    brand: product.brand,
    colorway: product.colorway,
    imageUrl: product.imageUrl ?? '',
    sizes: [...product.sizes],
    price: centsToInput(product.price),
    costPrice: centsToInput(product.costPrice),
    currency: product.currency,
    notes: product.notes ?? '',
    active: product.active,
  };
}

/** Cents from what a person typed, or null when it is not an amount. */
export function parseAmount(text: string): number | null {
  if (text.trim() === '') return null;
  try {
    return toCents(text);
  } catch {
    return null;
  }
}

/** A variant's size as items store it: EU, else US M, else its label (docs/product/catalogue.md#products-and-variants). */
export function sizeOfVariant(variant: Pick<Variant, 'label' | 'size'>): string {
  return defaultSizeOf(variant.size) ?? formatSize(variant.label);
}

/** The sizes a catalogue product comes in, smallest first, each once. */
export function variantSizes(variants: readonly Variant[]): string[] {
  return [...new Set(variants.map(sizeOfVariant))].sort(compareSizes);
}

const sameSize = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** Adds or removes one size (sizes compare case-insensitively, trimmed), keeping them sorted. */
export function toggleSize(sizes: readonly string[], size: string): string[] {
  return sizes.some((s) => sameSize(s, size))
    ? sizes.filter((s) => !sameSize(s, size))
    : [...sizes, size.trim()].sort(compareSizes);
}

/** Sizes typed by hand, separated by commas ("40, 41.5, 42"), added to those held. */
export function addTypedSizes(sizes: readonly string[], typed: string): string[] {
  let next = [...sizes];
  for (const part of typed.split(',')) {
    const size = part.trim();
    if (size && !next.some((s) => sameSize(s, size))) next = toggleSize(next, size);
  }
  return next;
}

function isUrl(text: string): boolean {
  try {
    return Boolean(new URL(text));
  } catch {
    return false;
  }
}

export function validateDraft(draft: VirtualProductDraft): DraftErrors {
  const errors: DraftErrors = {};
  if (!draft.sku.trim()) errors.sku = 'virtualProducts.form.errors.sku';
  if (!draft.name.trim()) errors.name = 'virtualProducts.form.errors.name';
  if ((errors.sku || errors.name) && draft.productCatalogId) errors.product = errors.sku ?? errors.name;
  if (draft.imageUrl.trim() && !isUrl(draft.imageUrl.trim()))
    errors.imageUrl = 'virtualProducts.form.errors.imageUrl';
  if (draft.sizes.length === 0) errors.sizes = 'virtualProducts.form.errors.sizes';
  else if (draft.sizes.length > MAX_SIZES) errors.sizes = 'virtualProducts.form.errors.tooManySizes';
  const price = parseAmount(draft.price);
  const costPrice = draft.costPrice.trim() ? parseAmount(draft.costPrice) : undefined;
  if (price === null) errors.price = 'virtualProducts.form.errors.amount';
  else if (amountBoundKey(price)) errors.price = amountBoundKey(price);
  if (costPrice === null) errors.costPrice = 'virtualProducts.form.errors.amount';
  else if (amountBoundKey(costPrice)) errors.costPrice = amountBoundKey(costPrice);
  return errors;
}

function fieldsOf(draft: VirtualProductDraft) {
  return {
    productCatalogId: draft.productCatalogId,
    productVariantId: draft.productVariantId,
    sku: draft.sku.trim(),
    name: draft.name.trim(),
    brand: draft.brand.trim(),
    colorway: draft.colorway.trim(),
    imageUrl: draft.imageUrl.trim() || null,
    sizes: draft.sizes.map((s) => s.trim()),
    price: parseAmount(draft.price) ?? 0,
    costPrice: parseAmount(draft.costPrice),
    currency: draft.currency,
    notes: draft.notes.trim() || null,
    active: draft.active,
  };
}

export function draftToCreate(draft: VirtualProductDraft): VirtualProductCreate {
  return fieldsOf(draft);
}

export function draftToUpdate(draft: VirtualProductDraft): VirtualProductUpdate {
  return fieldsOf(draft);
}

const SERVER_FIELDS: Readonly<Record<string, DraftField>> = {
  sku: 'sku',
  name: 'name',
  productCatalogId: 'product',
  productVariantId: 'product',
  imageUrl: 'imageUrl',
  sizes: 'sizes',
  price: 'price',
  costPrice: 'costPrice',
  notes: 'notes',
};

/** The API's field errors (`sizes.2`, `price` ...) placed on the form's fields. */
export function serverErrors(fields: Readonly<Record<string, readonly string[]>>): DraftErrors {
  const errors: DraftErrors = {};
  for (const [path, messages] of Object.entries(fields)) {
    const field = SERVER_FIELDS[path.split('.')[0] ?? ''];
    if (field && messages[0] && !errors[field]) errors[field] = messages[0];
  }
  return errors;
}

export const PLACEHOLDER_IMAGE =
  'data:image/svg+xml;charset=utf-8,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#e5e5e5"/><path d="M12 40h40l-6-10-10 4-8-8z" fill="#a3a3a3"/></svg>',
  );

export const virtualProductHref = (id: string) => `/dashboard/virtual-product/${encodeURIComponent(id)}`;
export const VIRTUAL_PRODUCTS_PATH = '/dashboard/virtual-products';
