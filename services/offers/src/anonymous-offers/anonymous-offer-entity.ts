import { ANONYMOUS_OFFER_LIST_TYPES } from '@sneakers/shared/contracts/list-values';
import { LANGUAGES } from '@sneakers/shared/contracts/profiles';
import { CURRENCIES } from '@sneakers/shared/money';
import { idAttribute, ownedIndex, ownerAttribute } from '@sneakers/shared/table/common-attributes';
import { ELECTRO_SERVICE } from '@sneakers/shared/table/definition';
import { Entity, type EntityItem } from '@sneakers/shared/table/entity';
import { STORED_STATUSES } from '../offers/offer-entity';

/** An anonymous offer with its lines (anonymous_offers + anonymous_offer_items), in the owner's partition. */
export const anonymousOfferEntity = new Entity({
  model: { entity: 'anonymousOffer', version: '1', service: ELECTRO_SERVICE },
  attributes: {
    storeUserId: ownerAttribute,
    id: idAttribute,
    /** inventory or wts: made on a storefront product page (the item behind the size). */
    listType: { type: ANONYMOUS_OFFER_LIST_TYPES, required: true, readOnly: true },
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
    byOwner: ownedIndex('storeUserId', ['id']),
  },
});

export type AnonymousOfferRow = EntityItem<typeof anonymousOfferEntity>;
