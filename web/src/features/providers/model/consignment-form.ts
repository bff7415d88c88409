import {
  consignmentCreateSchema,
  consignmentSchema,
  toCents,
  type ConsignmentCreate,
  type Currency,
} from '@sneakers/shared';

export const CONSIGNMENT_FIELDS = ['itemSku', 'itemName', 'itemBrand', 'size', 'price', 'notes'] as const;
export type ConsignmentField = (typeof CONSIGNMENT_FIELDS)[number];

/** What the add form holds: plain strings; the agreed price as typed (e.g. "120.50"). */
export type ConsignmentDraft = Record<ConsignmentField, string>;

/** Field → i18n key (or, for API field errors, the server's message as is). */
export type ConsignmentDraftErrors = Partial<Record<ConsignmentField, string>>;

export function emptyConsignmentDraft(): ConsignmentDraft {
  return { itemSku: '', itemName: '', itemBrand: '', size: '', price: '', notes: '' };
}

const ERROR_KEYS: Record<ConsignmentField, string> = {
  itemSku: 'providers.consignments.form.errors.sku',
  itemName: 'providers.consignments.form.errors.name',
  itemBrand: 'providers.consignments.form.errors.tooLong',
  size: 'providers.consignments.form.errors.size',
  price: 'providers.consignments.form.errors.price',
  notes: 'providers.consignments.form.errors.tooLong',
};

function isField(key: unknown): key is ConsignmentField {
  return typeof key === 'string' && (CONSIGNMENT_FIELDS as readonly string[]).includes(key);
}

/**
 * An amount typed in major units ("120", "120.5", "120,50") as integer cents; undefined
 * when empty, negative, with more than two decimals or outside the contract's range.
 */
export function parseAmount(text: string): number | undefined {
  if (!text.trim()) return undefined;
  let cents: number;
  try {
    cents = toCents(text);
  } catch {
    return undefined;
  }
  return consignmentSchema.shape.price.safeParse(cents).success ? cents : undefined;
}

/** A catalogue pick's links and labels the consignment keeps (components/catalog-picker). */
export interface ConsignmentPick {
  productCatalogId: string;
  productVariantId: string | null;
  colorway: string;
  imageUrl: string | null;
}

/**
 * The create body, validated with the contract's rules (`consignmentCreateSchema`): SKU,
 * product name, size and agreed price required; the price in integer cents; empty notes
 * left out. A catalogue pick adds the product and size it names (its sales then carry the
 * brand: docs/product/providers-and-consignments.md#consignments).
 */
export function validateConsignmentDraft(
  draft: ConsignmentDraft,
  currency?: Currency,
  pick: ConsignmentPick | null = null,
):
  | { payload: ConsignmentCreate; errors?: undefined }
  | { payload?: undefined; errors: ConsignmentDraftErrors } {
  const errors: ConsignmentDraftErrors = {};
  const price = parseAmount(draft.price);
  if (price === undefined) errors.price = ERROR_KEYS.price;
  const candidate: ConsignmentCreate = {
    itemSku: draft.itemSku.trim(),
    itemName: draft.itemName.trim(),
    size: draft.size.trim(),
    price: price ?? 0,
    ...(currency ? { currency } : {}),
  };
  const brand = draft.itemBrand.trim();
  if (brand) candidate.itemBrand = brand;
  if (pick) {
    candidate.productCatalogId = pick.productCatalogId;
    candidate.productVariantId = pick.productVariantId;
    if (pick.colorway.trim()) candidate.itemColorway = pick.colorway.trim();
    if (pick.imageUrl) candidate.itemImageUrl = pick.imageUrl;
  }
  const notes = draft.notes.trim();
  if (notes) candidate.notes = notes;

  const result = consignmentCreateSchema.safeParse(candidate);
  if (!result.success) {
    for (const issue of result.error.issues) {
      const key = issue.path[0];
      if (isField(key) && !errors[key]) errors[key] = ERROR_KEYS[key];
    }
  }
  if (Object.keys(errors).length > 0) return { errors };
  return { payload: candidate };
}

/** The API's field errors (400 with `fields`) mapped onto the form's fields. */
export function consignmentFieldErrors(fields: Record<string, string[]> | undefined): ConsignmentDraftErrors {
  const errors: ConsignmentDraftErrors = {};
  if (!fields) return errors;
  for (const [key, messages] of Object.entries(fields)) {
    if (isField(key) && messages[0]) errors[key] = messages[0];
  }
  return errors;
}

/** The 409 codes of the consignment endpoints, with their own message. */
export const CONSIGNMENT_CONFLICTS = ['PROVIDER_NOT_APPROVED', 'CONSIGNMENT_NOT_IN_STOCK'] as const;
