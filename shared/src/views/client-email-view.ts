import { Entity } from '../table/entity';
import { ELECTRO_SERVICE } from '../table/definition';

/**
 * The read-only view of the crm service's `crmClientEmail` marker
 * (services/crm/src/clients/client-email-entity.ts): one row per (store, lower-cased email)
 * naming the client. Commerce reads it to match an imported past sale's buyer email to the
 * store's client. Never written through; `crm/test/unit/client-view.test.ts` fails when it drifts.
 */
export const clientEmailView = new Entity({
  model: { entity: 'crmClientEmail', version: '1', service: ELECTRO_SERVICE },
  attributes: {
    storeUserId: { type: 'string', required: true, readOnly: true },
    email: { type: 'string', required: true, readOnly: true },
    clientId: { type: 'string', required: true },
  },
  indexes: {
    byEmail: {
      pk: { field: 'pk', composite: ['storeUserId', 'email'], casing: 'none' },
      sk: { field: 'sk', composite: [] },
    },
  },
});
