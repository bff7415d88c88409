import { Entity } from 'electrodb';
import {
  ITEM_STATUSES,
  ITEM_VISIBILITIES,
  LIST_TYPES,
  OFFERABLE_LIST_TYPES,
} from '@sneakers/shared/contracts/lists';
import { CURRENCIES } from '@sneakers/shared/money';
import { ELECTRO_SERVICE } from '@sneakers/shared/table/definition';

const STORED_STATUSES = ['pending', 'countered', 'accepted', 'declined', 'withdrawn'] as const;

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

/** An Idempotency-Key with what its request created; written in the create's transaction. */
export const offerIdempotencyEntity = new Entity({
  model: { entity: 'offerIdempotencyKey', version: '1', service: ELECTRO_SERVICE },
  attributes: {
    scope: { type: 'string', required: true, readOnly: true },
    key: { type: 'string', required: true, readOnly: true },
    kind: { type: ['offers', 'anonymous'] as const, required: true },
    fingerprint: { type: 'string', required: true },
    storeUserId: { type: 'string', required: true },
    ids: { type: 'list', items: { type: 'string' }, required: true },
    createdAt: { type: 'string', required: true },
    ttl: { type: 'number', required: true },
  },
  indexes: {
    byKey: { pk: { field: 'pk', composite: ['scope', 'key'] }, sk: { field: 'sk', composite: [] } },
  },
});

/** Anonymous-offer rate limit: N rolling slots per client address and list, taken by conditional writes. */
export const offerRateSlotEntity = new Entity({
  model: { entity: 'anonymousOfferSlot', version: '1', service: ELECTRO_SERVICE },
  attributes: {
    bucket: { type: 'string', required: true, readOnly: true },
    slot: { type: 'number', required: true, readOnly: true },
    takenAt: { type: 'number', required: true },
    ttl: { type: 'number', required: true },
  },
  indexes: {
    byBucket: { pk: { field: 'pk', composite: ['bucket'] }, sk: { field: 'sk', composite: ['slot'] } },
  },
});

/**
 * Read-only view of the lists service's `sneakerItem` row (services/lists/src/store/item-entity.ts):
 * same entity name, version, service and primary keys (`pk = owner`, `sk = listType#id`),
 * only the fields an offer needs. Never written from here; must follow that entity's keys.
 */
export const itemViewEntity = new Entity({
  model: { entity: 'sneakerItem', version: '1', service: ELECTRO_SERVICE },
  attributes: {
    userId: { type: 'string', required: true, readOnly: true },
    listType: { type: LIST_TYPES, required: true, readOnly: true },
    id: { type: 'string', required: true, readOnly: true },
    status: { type: ITEM_STATUSES, required: true },
    visibility: { type: ITEM_VISIBILITIES, required: true },
    isBulk: { type: 'boolean', required: true },
    sku: { type: 'string', required: true },
    name: { type: 'string', required: true },
    imageUrl: { type: 'string' },
    sizes: { type: 'list', items: { type: 'string' }, required: true },
    currency: { type: CURRENCIES, required: true },
  },
  indexes: {
    byOwner: {
      pk: { field: 'pk', composite: ['userId'] },
      sk: { field: 'sk', composite: ['listType', 'id'] },
    },
  },
});

/**
 * Read-only view of the profiles service's `userProfile` row
 * (services/profiles/src/store/profile-entity.ts): same name, version and keys.
 */
export const profileViewEntity = new Entity({
  model: { entity: 'userProfile', version: '1', service: ELECTRO_SERVICE },
  attributes: {
    userId: { type: 'string', required: true, readOnly: true },
    businessName: { type: 'string', required: true },
    publicWtbList: { type: 'boolean', required: true },
    publicWtcList: { type: 'boolean', required: true },
  },
  indexes: {
    byUser: { pk: { field: 'pk', composite: ['userId'] }, sk: { field: 'sk', composite: [] } },
  },
});
