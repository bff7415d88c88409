import { OFFERABLE_LIST_TYPES } from '@sneakers/shared/contracts/lists';
import type { StoredStatus } from '@sneakers/shared/rules/offer-transitions';
import {
  currencyAttribute,
  idAttribute,
  ownerAttribute,
  timestampAttributes,
} from '@sneakers/shared/table/common-attributes';
import { ELECTRO_SERVICE } from '@sneakers/shared/table/definition';
import { Entity, type EntityItem } from '@sneakers/shared/table/entity';

/** What an offer's row stores as its status: `expired` is only ever derived (at `expiresAt`). */
export const STORED_STATUSES = [
  'pending',
  'countered',
  'accepted',
  'declined',
  'withdrawn',
] as const satisfies readonly StoredStatus[];

/**
 * A signed-in offer: one row per item and size. GetItem by id (respond); the receiver's
 * inbox is one Query on gsi1 (pk = list owner), the sender's outbox one Query on gsi2;
 * both sort by the ULID id, so descending is newest first. Absent optional attributes
 * stand for null.
 */
export const offerEntity = new Entity({
  model: { entity: 'offer', version: '1', service: ELECTRO_SERVICE },
  attributes: {
    id: idAttribute,
    /** Absent on offers made before groups: such an offer is a group of its own. */
    groupId: { type: 'string', readOnly: true },
    groupOfferIds: { type: 'list', items: { type: 'string' }, readOnly: true },
    storeUserId: ownerAttribute,
    resellerUserId: { type: 'string', required: true, readOnly: true },
    listType: { type: OFFERABLE_LIST_TYPES, required: true, readOnly: true },
    itemId: { type: 'string', required: true, readOnly: true },
    itemName: { type: 'string', required: true },
    itemSku: { type: 'string', required: true },
    itemImageUrl: { type: 'string' },
    size: { type: 'string', required: true },
    quantity: { type: 'number', required: true },
    offeredPrice: { type: 'number', required: true },
    counterPrice: { type: 'number' },
    counterMessage: { type: 'string' },
    currency: currencyAttribute,
    message: { type: 'string' },
    notes: { type: 'string' },
    status: { type: STORED_STATUSES, required: true },
    senderBusinessName: { type: 'string', required: true },
    receiverBusinessName: { type: 'string', required: true },
    expiresAt: { type: 'string', required: true },
    ...timestampAttributes,
  },
  indexes: {
    byId: { pk: { field: 'pk', composite: ['id'] }, sk: { field: 'sk', composite: [] } },
    received: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['storeUserId'] },
      sk: { field: 'gsi1sk', composite: ['id'] },
    },
    sent: {
      index: 'gsi2',
      pk: { field: 'gsi2pk', composite: ['resellerUserId'] },
      sk: { field: 'gsi2sk', composite: ['id'] },
    },
  },
});

export type OfferRow = EntityItem<typeof offerEntity>;
