import { compareSizes, defaultSizeOf, formatSize, type Product, type Variant } from '@sneakers/shared';
import { formatSizeIn } from '@sneakers/shared/size-chart';

/** What a pick gives the form that hosts the picker: the links and the legacy fallback fields. */
export interface CatalogPick {
  productCatalogId: string;
  /** Null while the product has no variant chosen (or none in the catalogue). */
  productVariantId: string | null;
  sku: string;
  name: string;
  brand: string;
  colorway: string;
  imageUrl: string | null;
  /** The chosen variant's size as items store it: EU, else US M, else its label (docs/product/catalogue.md#products-and-variants). */
  size: string | null;
}

export interface SizeOption {
  variantId: string;
  /** What the item stores. */
  size: string;
  /** What the select shows: the stored size, and the US size beside an EU one. */
  label: string;
}

/** EU, else US M (docs/product/catalogue.md#products-and-variants); a variant with neither keeps its label. */
export function sizeOfVariant(variant: Pick<Variant, 'label' | 'size'>): string {
  return defaultSizeOf(variant.size) ?? formatSize(variant.label);
}

/** The size select's options, smallest first. */
export function sizeOptions(variants: readonly Variant[]): SizeOption[] {
  return variants
    .map((variant) => {
      const size = sizeOfVariant(variant);
      const us = variant.size.eu?.trim() && variant.size.usM?.trim();
      return { variantId: variant.id, size, label: us ? `${size} · ${formatSizeIn('usM', us)}` : size };
    })
    .sort((a, b) => compareSizes(a.size, b.size));
}

/** Sizes compared as shown ('42.5' is 'EU 42.5', '9' is 'US 9'). */
export function sameSize(a: string, b: string): boolean {
  return formatSize(a).replace(/\s+/g, ' ') === formatSize(b).replace(/\s+/g, ' ');
}

/**
 * The option a pick starts on: one of the sizes the form already holds when the product has
 * it, else the smallest size known in EU or US M, else the smallest at all.
 */
export function defaultOption(
  variants: readonly Variant[],
  preferredSizes: readonly string[] = [],
): SizeOption | undefined {
  const options = sizeOptions(variants);
  const preferred = options.find((option) => preferredSizes.some((size) => sameSize(size, option.size)));
  if (preferred) return preferred;
  const withSystem = new Set(variants.filter((v) => defaultSizeOf(v.size)).map((v) => v.id));
  return options.find((option) => withSystem.has(option.variantId)) ?? options[0];
}

export function pickOf(product: Product, option: SizeOption | undefined): CatalogPick {
  return {
    productCatalogId: product.id,
    productVariantId: option?.variantId ?? null,
    sku: product.sku,
    name: product.name,
    brand: product.brand,
    colorway: product.colorway,
    imageUrl: product.imageUrl,
    size: option?.size ?? null,
  };
}

/** Whether a typed query reads as a style code (letters and digits, with a digit) rather than a name. */
export function looksLikeSku(query: string): boolean {
  const text = query.trim();
  return /\d/.test(text) && /^[A-Za-z0-9]+(?:[-\s][A-Za-z0-9]+)?$/.test(text);
}
