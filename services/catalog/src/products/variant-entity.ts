import { idAttribute } from '@sneakers/shared/table/common-attributes';
import { ELECTRO_SERVICE } from '@sneakers/shared/table/definition';
import { Entity, type EntityItem } from '@sneakers/shared/table/entity';

/**
 * A product's size variant, in its product's partition (collection `productDetail`,
 * `sk = variantId`): the product and all its variants are one Query. `size` is the
 * VariantSize map (brand, eu, usM, usW, uk, jpCm; null where unknown), parsed with the
 * contract's schema on read. `gtin` (GTIN-14, when the box's barcode is known) also keys the
 * sparse gsi1 index `byGtin`: a scanned box finds its product and size in one Query.
 */
export const variantEntity = new Entity({
  model: { entity: 'catalogVariant', version: '1', service: ELECTRO_SERVICE },
  attributes: {
    productId: idAttribute,
    variantId: idAttribute,
    label: { type: 'string', required: true },
    retailPrice: { type: 'number' },
    size: { type: 'any', required: true },
    marketplaceVariantId: { type: 'string' },
    gtin: { type: 'string' },
    updatedAt: { type: 'string', required: true },
  },
  indexes: {
    byProduct: {
      collection: 'productDetail',
      pk: { field: 'pk', composite: ['productId'] },
      sk: { field: 'sk', composite: ['variantId'] },
    },
    byGtin: {
      index: 'gsi1',
      condition: ({ gtin }) => typeof gtin === 'string' && gtin.length > 0,
      pk: { field: 'gsi1pk', composite: ['gtin'] },
      sk: { field: 'gsi1sk', composite: ['productId', 'variantId'] },
    },
  },
});

export type VariantRow = EntityItem<typeof variantEntity>;
