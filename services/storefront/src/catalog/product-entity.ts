import { ownerAttribute } from '@sneakers/shared/table/common-attributes';
import { CURRENCIES } from '@sneakers/shared/money';
import { ELECTRO_SERVICE } from '@sneakers/shared/table/definition';
import { Entity, type EntityItem } from '@sneakers/shared/table/entity';

/**
 * One product on a store's storefront: the projection of the store's published items and
 * virtual products (kept from the table's stream by this area), in the store's partition
 * (`pk = storeUserId`, `sk = productId`). Holds exactly what the public may see, plus, per
 * size, where the pair comes from (`offers`), which only checkout reads.
 */
export const productEntity = new Entity({
  model: { entity: 'storefrontProduct', version: '1', service: ELECTRO_SERVICE },
  attributes: {
    storeUserId: ownerAttribute,
    productId: { type: 'string', required: true, readOnly: true },
    productCatalogId: { type: 'string' },
    name: { type: 'string', required: true },
    brand: { type: 'string', required: true },
    sku: { type: 'string', required: true },
    colorway: { type: 'string', required: true },
    imageUrl: { type: 'string' },
    images: { type: 'list', items: { type: 'string' }, required: true },
    releaseDate: { type: 'string' },
    description: { type: 'string', required: true },
    /** The lowest in-stock price, in cents. */
    price: { type: 'number', required: true },
    currency: { type: CURRENCIES, required: true },
    /** ProductOffer[]: every sellable pair source. */
    offers: { type: 'any', required: true },
    /** StorefrontSize[]: the catalogue's whole size run (empty without a catalogue product). */
    sizeRun: { type: 'any', required: true },
    /**
     * CatalogueData (./ports.ts): the catalogue's product as read when the row was first
     * written, so later recomputes need no catalogue read; absent on rows without a catalogue id.
     */
    catalogue: { type: 'any' },
    virtual: { type: 'boolean', required: true },
    /** Lower-cased name, brand and style code (with its canonical key): the search filter. */
    searchText: { type: 'string', required: true },
    /** `system:value` of every in-stock size (`eu:42.5`, `usM:9`): the size filter. */
    sizeKeys: { type: 'list', items: { type: 'string' }, required: true },
    listedAt: { type: 'string', required: true },
    updatedAt: { type: 'string', required: true },
  },
  indexes: {
    byStore: {
      pk: { field: 'pk', composite: ['storeUserId'] },
      sk: { field: 'sk', composite: ['productId'] },
    },
  },
});

export type ProductRow = EntityItem<typeof productEntity>;

/**
 * One pair source of a storefront product (the `offers` attribute): never answered publicly.
 * A non-bulk item lists one offer per size it holds; a virtual product one per size it offers.
 */
export interface ProductOffer {
  /** The size as stored on the item (`US 9`, `42.5`, `BULK`). */
  label: string;
  chart: { eu: string; usM: string; usW: string; uk: string; jpCm: string } | null;
  /** Cents: the storefront price (shared/src/rules/storefront.ts). */
  price: number;
  itemId: string | null;
  listType: 'inventory' | 'wts' | null;
  virtualProductId: string | null;
  /** The item's purchase price (the order line's unit cost); null when unknown. */
  unitCost: number | null;
  productVariantId: string | null;
}
