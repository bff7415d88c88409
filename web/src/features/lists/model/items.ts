import {
  BULK_SIZE,
  MAX_SIZE_LENGTH,
  MAX_SIZES,
  normalizeSizes,
  toCents,
  type Item,
  type ItemCreate,
  type ListType,
} from '@sneakers/shared';
import { newItemDefaults, statusesFor } from '@sneakers/shared/rules/stock';
import { listPrice } from '../../../lib/item-format';
import { matchesSearch } from '../../../lib/item-search';
import { centsToInput } from './money-input';
import { amountBoundKey } from '../../../lib/field-errors';

// Built on first sort: creating a collator loads ICU data (slow on a phone).
let nameCollator: Intl.Collator | undefined;

export type ItemSort = 'newest' | 'name' | 'price';
export interface ItemFilters {
  search: string;
  status: '' | Item['status'];
  visibility: '' | Item['visibility'];
  urgentOnly: boolean;
  sort: ItemSort;
}
export const DEFAULT_ITEM_FILTERS: ItemFilters = {
  search: '',
  status: '',
  visibility: '',
  urgentOnly: false,
  sort: 'newest',
};

/** Search (name, brand, SKU), filters and sorting of the dashboard list sections. */
export function filterItems(items: readonly Item[], filters: ItemFilters): Item[] {
  const result = items.filter(
    (item) =>
      matchesSearch(item, filters.search) &&
      (!filters.status || item.status === filters.status) &&
      (!filters.visibility || item.visibility === filters.visibility) &&
      (!filters.urgentOnly || item.urgent),
  );
  if (filters.sort === 'name')
    return result.sort((a, b) => (nameCollator ??= new Intl.Collator()).compare(a.name, b.name));
  if (filters.sort === 'price') return result.sort((a, b) => (listPrice(b) ?? -1) - (listPrice(a) ?? -1));
  return result.sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0));
}

/** The item form's state: every field of itemCreateSchema, prices as typed decimals. */
export interface ItemDraft {
  sku: string;
  name: string;
  brand: string;
  colorway: string;
  imageUrl: string;
  sizes: string[];
  isBulk: boolean;
  urgent: boolean;
  visibility: Item['visibility'];
  status: Item['status'];
  targetPrice: string;
  desiredPrice: string;
  askingPrice: string;
  currency: Item['currency'];
  source: string;
  purchasePrice: string;
  purchaseDate: string;
  notes: string;
  productCatalogId: string | null;
  productVariantId: string | null;
}

/** A new item's form: its list's defaults (shared/src/rules/stock.ts), so an inventory pair starts sellable. */
export function emptyDraft(currency: Item['currency'], listType: ListType): ItemDraft {
  return {
    ...newItemDefaults(listType),
    sku: '',
    name: '',
    brand: '',
    colorway: '',
    imageUrl: '',
    sizes: [],
    isBulk: false,
    urgent: false,
    targetPrice: '',
    desiredPrice: '',
    askingPrice: '',
    currency,
    source: '',
    purchasePrice: '',
    purchaseDate: '',
    notes: '',
    productCatalogId: null,
    productVariantId: null,
  };
}

export function draftFromItem(item: Item): ItemDraft {
  return {
    sku: item.sku,
    name: item.name,
    brand: item.brand,
    colorway: item.colorway,
    imageUrl: item.imageUrl ?? '',
    // BULK is the checkbox; the chips are the other sizes, kept beside it.
    sizes: item.sizes.filter((s) => s !== BULK_SIZE),
    isBulk: item.isBulk || item.sizes.includes(BULK_SIZE),
    urgent: item.urgent,
    visibility: item.visibility,
    // An inventory pair saved pending before the status model is saved available, as the migration does.
    status: statusesFor(item.listType).includes(item.status) ? item.status : 'available',
    targetPrice: centsToInput(item.targetPrice),
    desiredPrice: centsToInput(item.desiredPrice),
    askingPrice: centsToInput(item.askingPrice),
    currency: item.currency,
    source: item.source ?? '',
    purchasePrice: centsToInput(item.purchasePrice),
    purchaseDate: item.purchaseDate ?? '',
    notes: item.notes ?? '',
    productCatalogId: item.productCatalogId,
    productVariantId: item.productVariantId,
  };
}

export type DraftErrors = Partial<Record<'sku' | 'name' | 'sizes' | 'imageUrl' | PriceField, string>>;
export type PriceField = 'targetPrice' | 'desiredPrice' | 'askingPrice' | 'purchasePrice';

/** The list price each list takes (the API refuses the others): inventory asks, WTB targets, WTS/WTC desire. */
export const LIST_PRICE_FIELD: Record<ListType, 'targetPrice' | 'desiredPrice' | 'askingPrice'> = {
  inventory: 'askingPrice',
  wtb: 'targetPrice',
  wts: 'desiredPrice',
  wtc: 'desiredPrice',
};

function price(text: string): number | null | 'invalid' {
  if (!text.trim()) return null;
  try {
    return toCents(text);
  } catch {
    return 'invalid';
  }
}

/** Checks a draft and builds the create payload; errors are i18n keys per field. */
export function draftToPayload(
  draft: ItemDraft,
  listType: ListType,
): { payload: ItemCreate; errors: null } | { payload: null; errors: DraftErrors } {
  const errors: DraftErrors = {};
  if (!draft.sku.trim()) errors.sku = 'lists.form.errors.skuRequired';
  if (!draft.name.trim()) errors.name = 'lists.form.errors.nameRequired';
  const sizes = normalizeSizes(draft.isBulk ? [BULK_SIZE, ...draft.sizes] : draft.sizes);
  if (sizes.length === 0) errors.sizes = 'lists.form.errors.sizesRequired';
  else if (sizes.length > MAX_SIZES) errors.sizes = 'lists.form.errors.tooManySizes';
  else if (sizes.some((s) => s.length > MAX_SIZE_LENGTH)) errors.sizes = 'lists.form.errors.sizeTooLong';
  if (draft.imageUrl.trim() && !/^https?:\/\/\S+$/i.test(draft.imageUrl.trim()))
    errors.imageUrl = 'lists.form.errors.imageUrl';
  const prices: Record<PriceField, number | null> = {
    targetPrice: null,
    desiredPrice: null,
    askingPrice: null,
    purchasePrice: null,
  };
  // Only the list's own price is sent: a price typed for another list is not this item's.
  for (const field of [LIST_PRICE_FIELD[listType], 'purchasePrice'] as const) {
    const value = price(draft[field]);
    const bound = value === 'invalid' ? undefined : amountBoundKey(value);
    if (value === 'invalid') errors[field] = 'lists.form.errors.price';
    else if (bound) errors[field] = bound;
    else prices[field] = value;
  }
  if (Object.keys(errors).length > 0) return { payload: null, errors };
  const optional = (text: string) => (text.trim() ? text.trim() : null);
  return {
    errors: null,
    payload: {
      listType,
      sku: draft.sku.trim(),
      name: draft.name.trim(),
      sizes,
      brand: draft.brand.trim(),
      colorway: draft.colorway.trim(),
      imageUrl: optional(draft.imageUrl),
      status: draft.status,
      visibility: draft.visibility,
      urgent: draft.urgent,
      isBulk: draft.isBulk,
      productCatalogId: draft.productCatalogId,
      productVariantId: draft.productVariantId,
      targetPrice: prices.targetPrice,
      desiredPrice: prices.desiredPrice,
      askingPrice: prices.askingPrice,
      currency: draft.currency,
      source: optional(draft.source),
      purchasePrice: prices.purchasePrice,
      purchaseDate: optional(draft.purchaseDate),
      notes: optional(draft.notes),
    },
  };
}

export const ITEM_LIST_PATHS: Record<
  'inventory' | 'wtb' | 'wts' | 'wtc',
  { detail: string; section: string }
> = {
  inventory: { detail: 'inventory-item', section: 'inventory' },
  wtb: { detail: 'wtb-item', section: 'wtb' },
  wtc: { detail: 'wtc-item', section: 'wtc' },
  wts: { detail: 'wts-item', section: 'wts' },
};
