import { GENDERS } from '@sneakers/shared/contracts/catalog';
import {
  currencyAttribute,
  idAttribute,
  timestampAttributes,
} from '@sneakers/shared/table/common-attributes';
import { ELECTRO_SERVICE } from '@sneakers/shared/table/definition';
import { Entity, type EntityItem } from '@sneakers/shared/table/entity';

/** The one partition of gsi1 that lists every product (`catalogList` is always this). */
export const PRODUCTS_LIST = 'products';
/** gsi1's sort value for a product without a release date: before every real date. */
export const NO_RELEASE_DATE = '0000-00-00';

/**
 * A catalogue product. Its partition (`productId`) is shared with its variants
 * (collection `productDetail`), so the detail page is ONE Query. gsi1 holds every product
 * in one partition sorted by `releaseKey` (release date, or NO_RELEASE_DATE) then id:
 * recent products descending, upcoming releases ascending from today, and the paged
 * rebuild of the search index (a Query, never a Scan). `skuKey` is the style code's
 * canonical form (the catalogSku row holds the uniqueness). Absent optional attributes
 * read back as null.
 */
export const productEntity = new Entity({
  model: { entity: 'catalogProduct', version: '1', service: ELECTRO_SERVICE },
  attributes: {
    productId: idAttribute,
    catalogList: { type: 'string', required: true, readOnly: true, default: PRODUCTS_LIST },
    releaseKey: { type: 'string', required: true },
    sku: { type: 'string', required: true },
    skuKey: { type: 'string', required: true },
    name: { type: 'string', required: true },
    brand: { type: 'string', required: true },
    /** The brand lower-cased: the releases' brand filter (contains, case-insensitive) reads it. */
    brandKey: { type: 'string', required: true },
    productType: { type: 'string', required: true },
    imageUrl: { type: 'string' },
    releaseDate: { type: 'string' },
    retailPrice: { type: 'number' },
    currency: currencyAttribute,
    colorway: { type: 'string', required: true },
    gender: { type: GENDERS },
    marketplaceSlug: { type: 'string' },
    marketplaceProductId: { type: 'string' },
    ...timestampAttributes,
  },
  indexes: {
    byProduct: {
      collection: 'productDetail',
      pk: { field: 'pk', composite: ['productId'] },
      sk: { field: 'sk', composite: [] },
    },
    byRelease: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['catalogList'] },
      sk: { field: 'gsi1sk', composite: ['releaseKey', 'productId'] },
    },
  },
});

export type ProductRow = EntityItem<typeof productEntity>;
