import { GENDERS } from '@sneakers/shared/contracts/catalog';
import { currencyAttribute, idAttribute } from '@sneakers/shared/table/common-attributes';
import { ELECTRO_SERVICE } from '@sneakers/shared/table/definition';
import { Entity, type EntityItem } from '@sneakers/shared/table/entity';

/**
 * A product's market data in one currency (docs/product/catalogue.md#market-data): every
 * catalogue variant with its lowest ask, highest bid, sell-faster and earn-more amounts in cents
 * (`variants`, a list of CatalogMarketVariant maps, parsed on read), when it was read
 * (`refreshedAt`), and the product's brand and gender its sizes are read against. In the
 * product's partition (`pk = productId`, `sk = currency`) but outside its `productDetail`
 * collection, so the detail Query never reads it. Written by catalog-market only.
 */
export const marketDataEntity = new Entity({
  model: { entity: 'catalogMarketData', version: '1', service: ELECTRO_SERVICE },
  attributes: {
    productId: idAttribute,
    currency: { ...currencyAttribute, readOnly: true },
    marketplaceProductId: { type: 'string', required: true },
    brand: { type: 'string' },
    gender: { type: GENDERS },
    refreshedAt: { type: 'string', required: true },
    variants: { type: 'any', required: true },
  },
  indexes: {
    byProduct: {
      pk: { field: 'pk', composite: ['productId'] },
      sk: { field: 'sk', composite: ['currency'] },
    },
  },
});

export type MarketDataRow = EntityItem<typeof marketDataEntity>;
