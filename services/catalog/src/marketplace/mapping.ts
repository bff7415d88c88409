import * as z from 'zod/mini';
import {
  GENDERS,
  productInputSchema,
  VARIANTS_MAX,
  type Gender,
  type ProductInput,
  type VariantInput,
} from '@sneakers/shared/contracts/catalog';
import { MAX_AMOUNT_CENTS } from '@sneakers/shared/rules/amounts';
import { gtinKey } from '@sneakers/shared/rules/gtin';
import { ownValue } from '@sneakers/shared/rules/own-key';
import type { Currency } from '@sneakers/shared/money';
import {
  chartBrandOf,
  convertSize,
  parseSizeLabel,
  type ChartGender,
  type SizeSystem,
} from '@sneakers/shared/size-chart';
import type { MpProduct, MpSizeConversion, MpVariant } from './shapes';

/**
 * Marketplace products and variants as the catalogue's inputs. Upstream data is not
 * trusted: a product without what the catalogue requires (style code, name, brand) is a
 * failure with a reason, never a throw; a bad optional field becomes null; a variant
 * without a usable size is left out and counted.
 */
export type Mapped<T> = { ok: true; value: T } | { ok: false; reason: string };

export interface MappingOptions {
  /** The currency of the marketplace's retail prices (the emulator's are euro). */
  currency?: Currency;
}

export interface MappedProduct {
  input: ProductInput;
  /** Variants left out for lack of a usable size or label. */
  skippedVariants: number;
}

/** The marketplace's conversion types, as the size chart's systems. */
const CONVERSION_SYSTEMS: Record<string, SizeSystem> = {
  'us m': 'usM',
  us: 'usM',
  'us w': 'usW',
  uk: 'uk',
  eu: 'eu',
  'jp cm': 'jpCm',
  jp: 'jpCm',
  cm: 'jpCm',
};

/** The order a missing system is derived from: the most common labels first. */
const SOURCE_ORDER: readonly SizeSystem[] = ['usM', 'eu', 'uk', 'usW', 'jpCm'];

const LABEL_ORDER: readonly SizeSystem[] = ['usM', 'usW', 'eu', 'uk', 'jpCm'];
const WOMEN_LABEL_ORDER: readonly SizeSystem[] = ['usW', 'usM', 'eu', 'uk', 'jpCm'];
const LABEL_PREFIX: Record<SizeSystem, string> = {
  usM: 'US M ',
  usW: 'US W ',
  eu: 'EU ',
  uk: 'UK ',
  jpCm: '',
};
const LABEL_SUFFIX: Record<SizeSystem, string> = { usM: '', usW: '', eu: '', uk: '', jpCm: ' cm' };

/** A size value: `9`, `10.5`, `42 2/3`, `27.5`, kids' `5Y` / `10C`. */
const SIZE_VALUE = /^\d{1,2}(?:[.,]\d{1,2})?(?: \d\/\d)?[YCK]?$/i;

const GENDER_ALIASES: Record<string, Gender> = {
  man: 'men',
  mens: 'men',
  male: 'men',
  woman: 'women',
  womens: 'women',
  wmns: 'women',
  female: 'women',
  child: 'kids',
  children: 'kids',
  youth: 'kids',
  'grade school': 'kids',
  gs: 'kids',
  'big kids': 'kids',
  'little kids': 'preschool',
  ps: 'preschool',
  td: 'toddler',
  baby: 'infant',
  crib: 'infant',
};

const isGender = (value: string): value is Gender => (GENDERS as readonly string[]).includes(value);

export function mapGender(raw: string | null | undefined): Gender | null {
  const key = raw?.trim().toLowerCase().replace(/['’]/g, '');
  if (!key) return null;
  if (isGender(key)) return key;
  return ownValue(GENDER_ALIASES, key) ?? null;
}

/** The chart a product's sizes convert with; kids' sizes are not on the brands' adult charts. */
function chartGenderOf(gender: Gender | null): ChartGender | undefined {
  if (gender === 'women') return 'women';
  if (gender === null || gender === 'men' || gender === 'unisex') return 'men';
  return undefined;
}

/** `YYYY-MM-DD` (or the date part of an ISO timestamp) when it is a real date; else null. */
export function mapReleaseDate(raw: string | null | undefined): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:$|T)/.exec(raw?.trim() ?? '');
  if (!match) return null;
  const [, y, m, d] = match;
  const date = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)));
  const iso = date.toISOString().slice(0, 10);
  return iso === `${y}-${m}-${d}` ? iso : null;
}

/** A price in the currency's main unit (number or numeric string) as cents; null if unusable. */
export function toCents(raw: number | string | null | undefined): number | null {
  if (raw === null || raw === undefined) return null;
  const value = typeof raw === 'number' ? raw : raw.trim() === '' ? NaN : Number(raw.trim());
  if (!Number.isFinite(value) || value < 0) return null;
  const cents = Math.round(value * 100);
  // A catalogue retail price is a typed amount like any other (docs/product/constants.md#amounts).
  return cents <= MAX_AMOUNT_CENTS ? cents : null;
}

const urlSchema = z.url({ protocol: /^https?$/ });
const httpUrlOrNull = (raw: string | null | undefined): string | null =>
  raw && z.safeParse(urlSchema, raw.trim()).success ? raw.trim() : null;

/** The variant's box barcode: its first UPC, EAN or GTIN the marketplace lists, as GTIN-14. */
const gtinOf = (variant: MpVariant): string | null =>
  (variant.gtins ?? []).map((g) => gtinKey(g.identifier)).find((key) => key !== null) ?? null;

const textOrNull = (raw: string | null | undefined, max: number): string | null => {
  const value = raw?.trim();
  return value && value.length <= max ? value : null;
};

/** The value of one conversion in its system, e.g. `{ size: 'EU 42.5', type: 'eu' }` → eu '42.5'. */
export function conversionValue(
  conversion: MpSizeConversion,
): { system: SizeSystem; value: string } | undefined {
  const system = ownValue(CONVERSION_SYSTEMS, conversion.type.trim().toLowerCase());
  if (!system) return undefined;
  const label = conversion.size.trim().replace(/\s+/g, ' ');
  const parsed = parseSizeLabel(label);
  const value =
    parsed && parsed.system === system
      ? parsed.value
      : label
          .replace(/^(?:US ?[MW]|US|EU|UK|JP|CM)\b\s*/i, '')
          .replace(/\s*(?:CM|JP|EU|UK)$/i, '')
          .trim();
  return SIZE_VALUE.test(value) ? { system, value: value.replace(',', '.') } : undefined;
}

type SizeValues = Partial<Record<SizeSystem, string>>;

/** The upstream's sizes, completed from the brand's chart where a system is missing. */
function completeSizes(known: SizeValues, brand: string, gender: ChartGender | undefined): SizeValues {
  const sizes = { ...known };
  if (!gender) return sizes;
  for (const system of SOURCE_ORDER) {
    const value = known[system];
    if (value === undefined) continue;
    const row = convertSize(brand, gender, system, value);
    if (!row) continue;
    for (const target of SOURCE_ORDER) sizes[target] ??= row[target];
    break;
  }
  return sizes;
}

interface VariantContext {
  brand: string;
  gender: Gender | null;
  retailPrice: number | null;
}

export function mapVariant(variant: MpVariant, context: VariantContext): Mapped<VariantInput> {
  const known: SizeValues = {};
  for (const conversion of variant.sizeChart?.availableConversions ?? []) {
    const size = conversionValue(conversion);
    if (size) known[size.system] ??= size.value;
  }
  const fallback = variant.sizeChart?.defaultConversion;
  const defaultSize = fallback ? conversionValue(fallback) : undefined;
  if (defaultSize) known[defaultSize.system] ??= defaultSize.value;
  if (Object.keys(known).length === 0 && variant.variantValue && SIZE_VALUE.test(variant.variantValue.trim()))
    // StockX's variantValue is the US size of the product's own gender.
    known[context.gender === 'women' ? 'usW' : 'usM'] = variant.variantValue.trim();

  const sizes = completeSizes(known, context.brand, chartGenderOf(context.gender));
  // The label names a size the marketplace gave, never one the chart derived.
  const labelSystem = (context.gender === 'women' ? WOMEN_LABEL_ORDER : LABEL_ORDER).find((s) => known[s]);
  const label =
    textOrNull(fallback?.size, 40) ??
    (labelSystem
      ? `${LABEL_PREFIX[labelSystem]}${known[labelSystem]}${LABEL_SUFFIX[labelSystem]}`
      : undefined) ??
    textOrNull(variant.variantValue, 40);
  if (!label) return { ok: false, reason: `Variant ${variant.variantId} has no size` };
  return {
    ok: true,
    value: {
      label,
      retailPrice: context.retailPrice,
      marketplaceVariantId: textOrNull(variant.variantId, 64),
      gtin: gtinOf(variant),
      size: {
        brand: chartBrandOf(context.brand),
        usM: sizes.usM ?? null,
        usW: sizes.usW ?? null,
        uk: sizes.uk ?? null,
        eu: sizes.eu ?? null,
        jpCm: sizes.jpCm ?? null,
      },
    },
  };
}

/** Variants of a product, without duplicate labels, at most VARIANTS_MAX. */
export function mapVariants(
  variants: readonly MpVariant[],
  context: VariantContext,
): { variants: VariantInput[]; skipped: number } {
  const out: VariantInput[] = [];
  const labels = new Set<string>();
  let skipped = 0;
  for (const variant of variants) {
    const mapped = mapVariant(variant, context);
    const key = mapped.ok ? mapped.value.label.toUpperCase() : '';
    if (!mapped.ok || labels.has(key) || out.length >= VARIANTS_MAX) {
      skipped++;
      continue;
    }
    labels.add(key);
    out.push(mapped.value);
  }
  return { variants: out, skipped };
}

/**
 * A marketplace product (and its variants, when fetched) as a catalogue input: the style
 * code is the SKU the catalogue upserts by. `variants` undefined leaves the catalogue's
 * variants as they are; an array replaces them.
 */
export function mapProduct(
  product: MpProduct,
  variants: readonly MpVariant[] | undefined,
  options: MappingOptions = {},
): Mapped<MappedProduct> {
  const sku = product.styleId?.trim();
  if (!sku) return { ok: false, reason: `Product ${product.productId} has no style code` };
  const name = product.title.trim();
  const brand = product.brand.trim();
  if (!name) return { ok: false, reason: `Product ${sku} has no name` };
  if (!brand) return { ok: false, reason: `Product ${sku} has no brand` };

  const attributes = product.productAttributes;
  const gender = mapGender(attributes?.gender);
  const retailPrice = toCents(attributes?.retailPrice);
  const mappedVariants = variants ? mapVariants(variants, { brand, gender, retailPrice }) : undefined;

  const input: ProductInput = {
    sku,
    name,
    brand,
    productType: textOrNull(product.productType, 40)?.toLowerCase() ?? 'sneakers',
    imageUrl: httpUrlOrNull(product.media?.imageUrl ?? product.media?.smallImageUrl),
    releaseDate: mapReleaseDate(attributes?.releaseDate),
    retailPrice,
    currency: options.currency ?? 'EUR',
    colorway: textOrNull(attributes?.colorway ?? attributes?.color, 160) ?? '',
    gender,
    marketplaceSlug: textOrNull(product.urlKey, 200),
    marketplaceProductId: textOrNull(product.productId, 64),
    ...(mappedVariants ? { variants: mappedVariants.variants } : {}),
  };
  const checked = z.safeParse(productInputSchema, input);
  if (!checked.success) {
    const issue = checked.error.issues[0];
    const where = issue?.path.join('.') || 'product';
    return { ok: false, reason: `Product ${sku}: ${where}: ${issue?.message ?? 'not valid'}` };
  }
  return { ok: true, value: { input, skippedVariants: mappedVariants?.skipped ?? 0 } };
}
