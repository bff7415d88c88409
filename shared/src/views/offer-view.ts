import { Entity } from '../table/entity';
import { ANONYMOUS_OFFER_LIST_TYPES, OFFERABLE_LIST_TYPES } from '../contracts/list-values';
import { CURRENCIES } from '../money';
import { ELECTRO_SERVICE } from '../table/definition';

/** The offers service's stored statuses (expired is only derived), as its entities declare them. */
const STORED_STATUSES = ['pending', 'countered', 'accepted', 'declined', 'withdrawn'] as const;

/**
 * The one read-only view of the offers service's `offer` row (a signed-in offer's line;
 * services/offers/src/offers/offer-entity.ts): same name, version, service and keys, and what an
 * order made from an accepted offer reads (the group, the agreed price, the sender). Never
 * written through; `offers/test/unit/offer-view.test.ts` fails when it drifts.
 */
export const offerView = new Entity({
  model: { entity: 'offer', version: '1', service: ELECTRO_SERVICE },
  attributes: {
    id: { type: 'string', required: true, readOnly: true },
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
    currency: { type: CURRENCIES, required: true },
    status: { type: STORED_STATUSES, required: true },
    /** An open line past it reads as expired: it left the deal. */
    expiresAt: { type: 'string', required: true },
    senderBusinessName: { type: 'string', required: true },
  },
  indexes: {
    byId: { pk: { field: 'pk', composite: ['id'] }, sk: { field: 'sk', composite: [] } },
  },
});

/**
 * The one read-only view of the offers service's `anonymousOffer` row (in the list owner's
 * partition): the sender's contact name and email, the lines (a document attribute: read it
 * back through `anonymousOfferSchema.shape.lines`), the status and the counter (one price for
 * all the lines). Never written through; `offers/test/unit/offer-view.test.ts` fails when it drifts.
 */
export const anonymousOfferView = new Entity({
  model: { entity: 'anonymousOffer', version: '1', service: ELECTRO_SERVICE },
  attributes: {
    storeUserId: { type: 'string', required: true, readOnly: true },
    id: { type: 'string', required: true, readOnly: true },
    listType: { type: ANONYMOUS_OFFER_LIST_TYPES, required: true, readOnly: true },
    currency: { type: CURRENCIES },
    contactName: { type: 'string', required: true },
    contactEmail: { type: 'string', required: true },
    status: { type: STORED_STATUSES, required: true },
    lines: { type: 'any', required: true },
    counterPrice: { type: 'number' },
  },
  indexes: {
    byOwner: { pk: { field: 'pk', composite: ['storeUserId'] }, sk: { field: 'sk', composite: ['id'] } },
  },
});
