import { GENDERS, VARIANTS_MAX, type Gender, type ProductInput } from '@sneakers/shared/contracts/catalog';
import { type ReleaseItem } from '@sneakers/shared/contracts/catalog-tools';
import {
  SIZE_SYSTEMS,
  chartBrandOf,
  chartGenderOf,
  convertSize,
  formatSizeIn,
  parseSizeLabel,
  sizeValueNumber,
  formatSizeValue,
  type SizeSystem,
} from '@sneakers/shared/size-chart';
import { compareSizes } from '@sneakers/shared/sizes';
import type { SourceRelease } from './parse';

type SizeData = ReleaseItem['variants'][number]['sizeData'];
type Conversion = { size: string; type: string };

const DEFAULT_PRODUCT_TYPE = 'sneakers';

/** The marketplace's conversion types (StockX writes 'us m', 'us w', 'uk', 'eu', 'jp cm'). */
function systemOfType(type: string): SizeSystem | undefined {
  const key = type.toLowerCase().replace(/[^a-z]/g, '');
  switch (key) {
    case 'usm':
    case 'us':
    case 'usmen':
      return 'usM';
    case 'usw':
    case 'uswomen':
      return 'usW';
    case 'uk':
      return 'uk';
    case 'eu':
    case 'eur':
      return 'eu';
    case 'jpcm':
    case 'jp':
    case 'cm':
      return 'jpCm';
    default:
      return undefined;
  }
}

/** A conversion's value in its system: 'US M 9' → '9', '42 2/3' → '42 2/3'; undefined if unreadable. */
function conversionValue(conversion: Conversion): { system: SizeSystem; value: string } | undefined {
  const system = systemOfType(conversion.type);
  if (!system) return undefined;
  const labelled = parseSizeLabel(conversion.size);
  if (labelled) return labelled.system === system ? labelled : undefined;
  const n = sizeValueNumber(conversion.size);
  return n === undefined ? undefined : { system, value: formatSizeValue(n) };
}

const euroCents = (euros: number | null | undefined): number | null =>
  euros === null || euros === undefined ? null : Math.round(euros * 100);

const genderOf = (gender: string | null | undefined): Gender | null => {
  const key = gender?.trim().toLowerCase();
  return GENDERS.find((g) => g === key) ?? null;
};

/**
 * A variant's size in every system: what the source states wins; the shared size chart
 * fills the systems it left out (from the first stated system the chart knows).
 */
function sizeDataOf(conversions: readonly Conversion[], brand: string, gender: string | null): SizeData {
  const stated: Partial<Record<SizeSystem, string>> = {};
  for (const conversion of conversions) {
    const parsed = conversionValue(conversion);
    if (parsed && stated[parsed.system] === undefined) stated[parsed.system] = parsed.value;
  }
  const chartGender = chartGenderOf(gender);
  const order: SizeSystem[] =
    chartGender === 'women' ? ['usW', 'eu', 'uk', 'usM', 'jpCm'] : [...SIZE_SYSTEMS];
  let row;
  for (const system of order) {
    const value = stated[system];
    row = value === undefined ? undefined : convertSize(brand, chartGender, system, value);
    if (row) break;
  }
  return {
    usM: stated.usM ?? row?.usM ?? null,
    eu: stated.eu ?? row?.eu ?? null,
    usW: stated.usW ?? row?.usW ?? null,
    uk: stated.uk ?? row?.uk ?? null,
    jpCm: stated.jpCm ?? row?.jpCm ?? null,
  };
}

/**
 * The variant's label: its first readable conversion (the default one first) as the source
 * writes it ('US M 9'), a bare number with its system ('42' of type eu → 'EU 42').
 */
function labelOf(conversions: readonly Conversion[]): string | undefined {
  for (const conversion of conversions) {
    const parsed = conversionValue(conversion);
    if (!parsed) continue;
    const written = parseSizeLabel(conversion.size)
      ? conversion.size.trim().replace(/\s+/g, ' ')
      : formatSizeIn(parsed.system, parsed.value);
    return written.toUpperCase();
  }
  return undefined;
}

/** A calendar release as the contract's release item (docs/product/catalogue.md#release-scraper). */
export function toReleaseItem(release: SourceRelease): ReleaseItem {
  const brand = release.brand;
  const gender = genderOf(release.gender);
  const retailPrice = euroCents(release.retailPrice);
  const releaseDate = release.releaseDate ?? null;
  const byLabel = new Map<string, ReleaseItem['variants'][number]>();
  for (const variant of release.variants ?? []) {
    const conversions = [
      ...(variant.sizeChart?.defaultConversion ? [variant.sizeChart.defaultConversion] : []),
      ...(variant.sizeChart?.availableConversions ?? []),
    ];
    const sizeData = sizeDataOf(conversions, brand, gender);
    const label = labelOf(conversions);
    // A variant without any size cannot be told apart from its siblings: left out.
    if (!label || byLabel.has(label)) continue;
    byLabel.set(label, {
      variantLabel: label,
      retailPrice: euroCents(variant.retailPrice) ?? retailPrice,
      releaseDate,
      sizeData,
    });
  }
  const variants = [...byLabel.values()].sort((a, b) => compareSizes(a.variantLabel, b.variantLabel));
  return {
    product: {
      name: release.title,
      brand,
      sku: release.styleId,
      imageUrl: release.media?.imageUrl ?? null,
      colorway: release.colorway ?? '',
      gender,
      productType: release.productCategory?.trim().toLowerCase() || DEFAULT_PRODUCT_TYPE,
      marketplaceSlug: release.urlKey?.trim() || null,
    },
    release: {
      releaseDate,
      retailPrice,
      status: release.status?.trim().toLowerCase() || 'upcoming',
    },
    sizes: variants.map((v) => v.variantLabel),
    variants,
  };
}

function httpUrl(value: string | null): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? value : null;
  } catch {
    return null;
  }
}

/** A release item as the catalogue's product input: the same SKU updates the product and replaces its variants. */
export function toProductInput(item: ReleaseItem): ProductInput {
  const chartBrand = chartBrandOf(item.product.brand);
  return {
    sku: item.product.sku,
    name: item.product.name,
    brand: item.product.brand,
    productType: item.product.productType,
    imageUrl: httpUrl(item.product.imageUrl),
    releaseDate: item.release.releaseDate,
    retailPrice: item.release.retailPrice,
    currency: 'EUR',
    colorway: item.product.colorway,
    gender: genderOf(item.product.gender),
    marketplaceSlug: item.product.marketplaceSlug,
    variants: item.variants.slice(0, VARIANTS_MAX).map((variant) => ({
      label: variant.variantLabel,
      retailPrice: variant.retailPrice,
      size: { brand: chartBrand, ...variant.sizeData },
    })),
  };
}
