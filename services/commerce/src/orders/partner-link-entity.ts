import { Entity, type EntityItem } from '@sneakers/shared/table/entity';
import * as common from '@sneakers/shared/table/common-attributes';
import { ELECTRO_SERVICE } from '@sneakers/shared/table/definition';

/**
 * A purchase order as its trading partner (the offer's signed-in sender) finds it: a row in
 * the partner's partition (`pk = partnerUserId`, `sk = orderId`) naming the store that owns
 * the order. The partner's orders newest first are one Query, and reading one is two GetItems.
 */
export const orderPartnerLinkEntity = new Entity({
  model: { entity: 'commerceOrderPartner', version: '1', service: ELECTRO_SERVICE },
  attributes: {
    partnerUserId: common.ownerAttribute,
    orderId: { type: 'string', required: true, readOnly: true },
    storeUserId: { type: 'string', required: true, readOnly: true },
  },
  indexes: {
    byPartner: common.ownedIndex('partnerUserId', ['orderId']),
  },
});

export type OrderPartnerLinkRow = EntityItem<typeof orderPartnerLinkEntity>;
