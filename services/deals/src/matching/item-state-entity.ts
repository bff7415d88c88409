import { ELECTRO_SERVICE } from '@sneakers/shared/table/definition';
import { ownedIndex, ownerAttribute } from '@sneakers/shared/table/common-attributes';
import { LIST_TYPES } from '@sneakers/shared/contracts/list-values';
import { Entity, type EntityItem } from '@sneakers/shared/table/entity';

/**
 * What the matcher last indexed of one item (`pk = userId`, `sk = itemId`): its index rows
 * are `dealIndexRows(source)`, so the next change knows which to delete without trusting a
 * stream image. Absent while the item takes no part. A profile change Queries the owner's.
 */
export const itemStateEntity = new Entity({
  model: { entity: 'dealsItemState', version: '1', service: ELECTRO_SERVICE },
  attributes: {
    userId: ownerAttribute,
    itemId: { type: 'string', required: true, readOnly: true },
    listType: { type: LIST_TYPES, required: true },
    /** The DealSource as JSON. */
    source: { type: 'string', required: true },
  },
  indexes: { byOwner: ownedIndex('userId', ['itemId']) },
});

export type ItemStateItem = EntityItem<typeof itemStateEntity>;
