import { idAttribute } from '@sneakers/shared/table/common-attributes';
import { ELECTRO_SERVICE } from '@sneakers/shared/table/definition';
import { Entity, type EntityItem } from '@sneakers/shared/table/entity';

/**
 * A product's size variant, in its product's partition (collection `productDetail`,
 * `sk = variantId`): the product and all its variants are one Query. `size` is the
 * VariantSize map (brand, eu, usM, usW, uk, jpCm; null where unknown), parsed with the
 * contract's schema on read.
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
    updatedAt: { type: 'string', required: true },
  },
  indexes: {
    byProduct: {
      collection: 'productDetail',
      pk: { field: 'pk', composite: ['productId'] },
      sk: { field: 'sk', composite: ['variantId'] },
    },
  },
});

export type VariantRow = EntityItem<typeof variantEntity>;
