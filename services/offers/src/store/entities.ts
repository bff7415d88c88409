import { Entity, type EntityItem } from 'electrodb';
import { OFFERABLE_LIST_TYPES } from '@sneakers/shared/contracts/lists';
import { CURRENCIES } from '@sneakers/shared/money';
import type { StoredStatus } from '@sneakers/shared/rules/offer-transitions';
import { ELECTRO_SERVICE } from '@sneakers/shared/table/definition';

const STORED_STATUSES = [
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
    id: { type: 'string', required: true, readOnly: true },
    storeUserId: { type: 'string', required: true, readOnly: true },
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
    currency: { type: CURRENCIES, required: true },
    message: { type: 'string' },
    notes: { type: 'string' },
    status: { type: STORED_STATUSES, required: true },
    senderBusinessName: { type: 'string', required: true },
    receiverBusinessName: { type: 'string', required: true },
    expiresAt: { type: 'string', required: true },
    createdAt: { type: 'string', required: true, readOnly: true },
    updatedAt: { type: 'string', required: true },
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

/** An anonymous offer with its lines (anonymous_offers + anonymous_offer_items), in the owner's partition. */
export const anonymousOfferEntity = new Entity({
  model: { entity: 'anonymousOffer', version: '1', service: ELECTRO_SERVICE },
  attributes: {
    storeUserId: { type: 'string', required: true, readOnly: true },
    id: { type: 'string', required: true, readOnly: true },
    listType: { type: OFFERABLE_LIST_TYPES, required: true, readOnly: true },
    contactName: { type: 'string', required: true },
    contactEmail: { type: 'string', required: true },
    contactPhone: { type: 'string', required: true },
    instagram: { type: 'string' },
    discord: { type: 'string' },
    message: { type: 'string' },
    totalItems: { type: 'number', required: true },
    status: { type: STORED_STATUSES, required: true },
    lines: { type: 'any', required: true },
    expiresAt: { type: 'string', required: true },
    createdAt: { type: 'string', required: true, readOnly: true },
  },
  indexes: {
    byOwner: { pk: { field: 'pk', composite: ['storeUserId'] }, sk: { field: 'sk', composite: ['id'] } },
  },
});

export type OfferRow = EntityItem<typeof offerEntity>;
export type AnonymousOfferRow = EntityItem<typeof anonymousOfferEntity>;
