import type { Variant } from '../contracts/catalog';
import { sizeValueNumber } from '../size-chart';
import { defaultSizeOf } from '../sizes';

type SizedVariant = Pick<Variant, 'size' | 'label'>;

/**
 * The variant a store's size text names (`42`, `EU 38.5`, `US 9`, `UK 8`): a bare number
 * from 30 up is EU, below it US; the nearest size within half a size (adidas EU sizes come
 * in thirds, so a store's `EU 39` is adidas's `39 1/3`). The demo seed links its sample
 * items to catalogue sizes with it, and store mode finds which of an item's sizes a scanned
 * box is (docs/product/store-mode.md#scanning).
 */
export function variantForSize<V extends SizedVariant>(variants: readonly V[], size: string): V | undefined {
  const match = /^(EU|US|UK)?\s*(\d+(?:[.,]\d+)?(?:\s*[12]\/3)?)$/i.exec(size.trim());
  if (!match?.[2]) return undefined;
  const value = sizeValueNumber(match[2]);
  if (value === undefined) return undefined;
  const system = match[1]?.toUpperCase();
  const field =
    system === 'UK' ? 'uk' : system === 'US' ? 'usM' : system === 'EU' || value >= 30 ? 'eu' : 'usM';
  let best: { variant: V; distance: number } | undefined;
  for (const variant of variants) {
    const own = variant.size[field];
    const n = own ? sizeValueNumber(own) : undefined;
    if (n === undefined) continue;
    const distance = Math.abs(n - value);
    if (distance <= 0.5 && (!best || distance < best.distance)) best = { variant, distance };
  }
  return best?.variant;
}

/** The size as the catalogue writes it for this variant: EU, else US M (docs/product/catalogue.md#products-and-variants). */
export function variantSizeLabel(variant: SizedVariant): string {
  return defaultSizeOf(variant.size) ?? variant.label;
}
