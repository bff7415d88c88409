import { defaultSizeOf, type ItemCreate, type Product, type Variant } from '@sneakers/shared';
import { safeImageUrl } from './format';

/** The size an item stores for a variant: EU else US M, else its label (docs/product/catalogue.md#products-and-variants). */
export function variantSize(variant: Variant): string {
  return defaultSizeOf(variant.size) ?? variant.label.trim().toUpperCase();
}

/** The item's texts within the lists' limits (the catalogue allows longer ones). */
const clip = (text: string, max: number) => text.trim().slice(0, max);

/** A public WTB item for a catalogue product in one size, linked to the product and variant. */
export function wtbFromProduct(
  product: Product,
  variant: Variant | null,
  size: string,
  targetPrice: number | null,
): ItemCreate {
  return {
    listType: 'wtb',
    productCatalogId: product.id,
    productVariantId: variant?.id ?? null,
    sku: clip(product.sku, 40),
    name: clip(product.name, 160),
    brand: clip(product.brand, 60),
    colorway: clip(product.colorway, 120),
    imageUrl: safeImageUrl(product.imageUrl),
    sizes: [size.trim()],
    targetPrice,
    currency: product.currency,
  };
}
