import { Entity, type EntityItem } from '@sneakers/shared/table/entity';
import { COURIERS, SHIPMENT_LINK_KINDS } from '@sneakers/shared/contracts/shipments';
import * as common from '@sneakers/shared/table/common-attributes';
import { ELECTRO_SERVICE } from '@sneakers/shared/table/definition';

/**
 * A shipment in its store's partition (`pk = storeUserId`, `sk = id`, ULID: newest first is
 * a descending Query). `byLink` (gsi1, `storeUserId#linkKey`) answers the shipments of one
 * record and the unassociated ones (`linkKey = none`) with a key read, newest first. Every
 * change is a full put conditioned on `updatedAt`. Absent optional attributes stand for null.
 */
export const shipmentEntity = new Entity({
  model: { entity: 'commerceShipment', version: '1', service: ELECTRO_SERVICE },
  attributes: {
    storeUserId: common.ownerAttribute,
    id: common.idAttribute,
    courier: { type: COURIERS, required: true },
    trackingNumber: { type: 'string', required: true },
    shippedDate: { type: 'string' },
    deliveredDate: { type: 'string' },
    notes: { type: 'string' },
    linkKind: { type: SHIPMENT_LINK_KINDS },
    linkId: { type: 'string' },
    linkLabel: { type: 'string' },
    linkKey: { type: 'string', required: true },
    ...common.timestampAttributes,
  },
  indexes: {
    byStore: common.ownedIndex('storeUserId', ['id']),
    /** `linkKey` is `kind#id`, or `none` while unlinked: one key read for either list. */
    byLink: common.ownedByStatusIndex('gsi1', 'storeUserId', 'linkKey', ['id']),
  },
});

export type ShipmentRow = EntityItem<typeof shipmentEntity>;
