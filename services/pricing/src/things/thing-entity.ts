import { idAttribute, ownedIndex, ownerAttribute } from '@sneakers/shared/table/common-attributes';
import { ELECTRO_SERVICE } from '@sneakers/shared/table/definition';
import { Entity, type EntityItem } from '@sneakers/shared/table/entity';

/**
 * A thing, in its owner's partition (`pk = ownerUserId`, `sk = id`): the owner's things
 * newest first are one Query, descending (ids are ULIDs). An absent processedAt is null.
 */
export const thingEntity = new Entity({
  model: { entity: 'pricingThing', version: '1', service: ELECTRO_SERVICE },
  attributes: {
    ownerUserId: ownerAttribute,
    id: idAttribute,
    name: { type: 'string', required: true },
    processedAt: { type: 'string' },
    createdAt: { type: 'string', required: true, readOnly: true },
  },
  indexes: { byOwner: ownedIndex('ownerUserId', ['id']) },
});

export type ThingItem = EntityItem<typeof thingEntity>;
