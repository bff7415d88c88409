import {
  formatMoney,
  SCRAPER_PREVIEW_VARIANTS,
  SCRAPER_TABLE_SIZES,
  type ReleaseItem,
} from '@sneakers/shared';

/** The releases table shows the first 3 sizes, then '+N' for the rest (docs/product/catalogue.md#scraper-test-page). */
export function sizesSummary(sizes: readonly string[]): { shown: string[]; more: number } {
  return {
    shown: sizes.slice(0, SCRAPER_TABLE_SIZES),
    more: Math.max(0, sizes.length - SCRAPER_TABLE_SIZES),
  };
}

/** Retail prices are euro cents, shown in euro or 'N/A' (docs/product/catalogue.md#scraper-test-page); null has no price. */
export function formatEuro(cents: number | null, language: string): string | null {
  return cents === null ? null : formatMoney({ amount: cents, currency: 'EUR' }, language);
}

/** A size cell of the variants table: '-' where the system has no value. */
export function cell(value: string | null | undefined): string {
  return value === null || value === undefined || value.trim() === '' ? '-' : value;
}

type Release = ReleaseItem;
type ReleaseVariant = Release['variants'][number];

/**
 * The scraper's mapping preview (docs/product/catalogue.md#scraper-test-page): the products-table row the release
 * becomes and its first 2 product_variants rows, with the columns the catalogue stores.
 */
export function mappingPreview(release: Release) {
  const { product } = release;
  return {
    product: {
      sku: product.sku,
      name: product.name,
      brand: product.brand,
      product_type: product.productType,
      image_url: product.imageUrl,
      release_date: release.release.releaseDate,
      retail_price: release.release.retailPrice,
      colorway: product.colorway,
      gender: product.gender,
      stockx_slug: product.marketplaceSlug,
    },
    variants: release.variants.slice(0, SCRAPER_PREVIEW_VARIANTS).map((variant: ReleaseVariant) => ({
      variant_label: variant.variantLabel.toUpperCase(),
      retail_price: variant.retailPrice,
      size: {
        eu: variant.sizeData.eu,
        us_m: variant.sizeData.usM,
        us_w: variant.sizeData.usW,
        uk: variant.sizeData.uk,
        jp_cm: variant.sizeData.jpCm,
      },
    })),
  };
}

/** Saving needs scraped releases ('No Data' otherwise; docs/product/catalogue.md#scraper-test-page). */
export function canSaveReleases(result: { scrapedData: { releases: readonly unknown[] } } | null): boolean {
  return result !== null && result.scrapedData.releases.length > 0;
}
