import { Entity, type EntityItem } from '@sneakers/shared/table/entity';
import * as common from '@sneakers/shared/table/common-attributes';
import { ELECTRO_SERVICE } from '@sneakers/shared/table/definition';

/**
 * One order per accepted offer: created (conditional on absence) in the order's transaction,
 * keyed in the store's partition by the offer (`offer#<groupId>` for a signed-in offer's
 * group, `anonymous#<id>` for an anonymous offer). A second call finds it and answers the
 * same order.
 */
export const orderClaimEntity = new Entity({
  model: { entity: 'commerceOrderClaim', version: '1', service: ELECTRO_SERVICE },
  attributes: {
    storeUserId: common.ownerAttribute,
    offerKey: { type: 'string', required: true, readOnly: true },
    orderId: { type: 'string', required: true, readOnly: true },
    createdAt: common.timestampAttributes.createdAt,
  },
  indexes: {
    byOffer: common.ownedIndex('storeUserId', ['offerKey']),
  },
});

export type OrderClaimRow = EntityItem<typeof orderClaimEntity>;
