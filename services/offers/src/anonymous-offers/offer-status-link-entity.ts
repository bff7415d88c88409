import { ELECTRO_SERVICE } from '@sneakers/shared/table/definition';
import { Entity, type EntityItem } from '@sneakers/shared/table/entity';

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

export type StatusLinkRow = EntityItem<typeof offerStatusLinkEntity>;
