import { Entity, type EntityItem } from '@sneakers/shared/table/entity';
import { OFFERABLE_LIST_TYPES } from '@sneakers/shared/contracts/lists';
import { LANGUAGES } from '@sneakers/shared/contracts/profiles';
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
    /** Absent on offers made before groups: such an offer is a group of its own. */
    groupId: { type: 'string', readOnly: true },
    groupOfferIds: { type: 'list', items: { type: 'string' }, readOnly: true },
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
    counterMessage: { type: 'string' },
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
    /** Absent on offers made before these were recorded (then English, and the owner's currency). */
    language: { type: LANGUAGES },
    currency: { type: CURRENCIES },
    statusToken: { type: 'string' },
    contactName: { type: 'string', required: true },
    contactEmail: { type: 'string', required: true },
    contactPhone: { type: 'string', required: true },
    instagram: { type: 'string' },
    discord: { type: 'string' },
    message: { type: 'string' },
    totalItems: { type: 'number', required: true },
    status: { type: STORED_STATUSES, required: true },
    lines: { type: 'any', required: true },
    counterPrice: { type: 'number' },
    counterMessage: { type: 'string' },
    expiresAt: { type: 'string', required: true },
    createdAt: { type: 'string', required: true, readOnly: true },
    updatedAt: { type: 'string' },
  },
  indexes: {
    byOwner: { pk: { field: 'pk', composite: ['storeUserId'] }, sk: { field: 'sk', composite: ['id'] } },
  },
});

/**
 * The anonymous sender's status link: GetItem by the token (the page's only key). The token
 * is 128 random bits, so it cannot be guessed or enumerated.
 */
export const offerStatusLinkEntity = new Entity({
  model: { entity: 'offerStatusLink', version: '1', service: ELECTRO_SERVICE },
  attributes: {
    token: { type: 'string', required: true, readOnly: true },
    storeUserId: { type: 'string', required: true, readOnly: true },
    offerId: { type: 'string', required: true, readOnly: true },
  },
  indexes: {
    byToken: { pk: { field: 'pk', composite: ['token'] }, sk: { field: 'sk', composite: [] } },
  },
});

export type OfferRow = EntityItem<typeof offerEntity>;
export type AnonymousOfferRow = EntityItem<typeof anonymousOfferEntity>;
