import { ownedIndex, ownerAttribute } from '@sneakers/shared/table/common-attributes';
import { ELECTRO_SERVICE } from '@sneakers/shared/table/definition';
import { Entity, type EntityItem } from '@sneakers/shared/table/entity';

/** One row per owner: how many things they created, kept by the consumer of `PricingThing.Created`. */
export const tallyEntity = new Entity({
  model: { entity: 'pricingTally', version: '1', service: ELECTRO_SERVICE },
  attributes: {
    ownerUserId: ownerAttribute,
    things: { type: 'number', required: true },
    updatedAt: { type: 'string', required: true },
  },
  indexes: { byOwner: ownedIndex('ownerUserId', []) },
});

export type TallyItem = EntityItem<typeof tallyEntity>;
