import { CURRENCIES } from '@sneakers/shared/money';
import { ownerAttribute } from '@sneakers/shared/table/common-attributes';
import { ELECTRO_SERVICE } from '@sneakers/shared/table/definition';
import { Entity, type EntityItem } from '@sneakers/shared/table/entity';

/**
 * The storefront's card index (services/storefront/README.md, "Access patterns"): a store's
 * public cards in a few chunk rows (`pk = storeUserId`, `sk = chunk`), so the storefront's
 * first page is one Query of a few hundred kilobytes instead of every product row with its
 * offers and size run. Kept by the projection with the product rows; each chunk stays well
 * under DynamoDB's 400 KB item limit (CARD_CHUNK_BYTES in ./domain.ts).
 */
export const cardIndexEntity = new Entity({
  model: { entity: 'storefrontCardIndex', version: '1', service: ELECTRO_SERVICE },
  attributes: {
    storeUserId: ownerAttribute,
    chunk: { type: 'number', required: true, readOnly: true },
    /** A JSON array of the chunk's cards in their stored form (StoredCard in ./domain.ts). */
    cards: { type: 'string', required: true },
    /** Chunk 0 only: the header's facts, so a product page reads them in its one BatchGetItem. */
    brands: { type: 'list', items: { type: 'string' } },
    productCount: { type: 'number' },
    currency: { type: CURRENCIES },
  },
  indexes: {
    byStore: {
      pk: { field: 'pk', composite: ['storeUserId'] },
      sk: { field: 'sk', composite: ['chunk'] },
    },
  },
});

export type CardIndexRow = EntityItem<typeof cardIndexEntity>;
