import { Entity } from 'electrodb';
import { CURRENCIES } from '@sneakers/shared/money';
import { ELECTRO_SERVICE } from '@sneakers/shared/table/definition';

/** The profile contract's LANGUAGES, inlined: importing that module costs ~2.6 KB of bundle. */
const LANGUAGES = ['en', 'es'] as const;

/**
 * Read-only view of the profiles service's `userProfile` row
 * (services/profiles/src/store/profile-entity.ts): same entity name, version, service and
 * keys (`pk = userId`, empty sort key), only the business name, language and currency
 * (the registration page, the consignment emails and the default consignment currency). Never written from here;
 * if the profiles entity changes its name, version or keys, this file must follow.
 */
export const storeProfileEntity = new Entity({
  model: { entity: 'userProfile', version: '1', service: ELECTRO_SERVICE },
  attributes: {
    userId: { type: 'string', required: true, readOnly: true },
    businessName: { type: 'string', required: true },
    language: { type: LANGUAGES },
    currency: { type: CURRENCIES },
  },
  indexes: {
    byUser: { pk: { field: 'pk', composite: ['userId'] }, sk: { field: 'sk', composite: [] } },
  },
});
