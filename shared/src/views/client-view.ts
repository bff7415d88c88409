import { Entity } from '../table/entity';
import { ELECTRO_SERVICE } from '../table/definition';

/**
 * The one read-only view of the crm service's `crmClient` row
 * (services/crm/src/clients/client-entity.ts): same name, version, service and keys, and the
 * contact fields another service reads (a sale's or an order's buyer, the confirmation
 * email's address). The row sits in the client's partition (`storeUserId` + `clientId`), so
 * another store's client id simply is not found. Never written through;
 * `crm/test/unit/client-view.test.ts` fails when it drifts.
 */
export const clientView = new Entity({
  model: { entity: 'crmClient', version: '1', service: ELECTRO_SERVICE },
  attributes: {
    storeUserId: { type: 'string', required: true, readOnly: true },
    clientId: { type: 'string', required: true, readOnly: true },
    name: { type: 'string', required: true },
    email: { type: 'string', required: true },
    phone: { type: 'string', required: true },
  },
  indexes: {
    byClient: {
      collection: 'clientDetail',
      pk: { field: 'pk', composite: ['storeUserId', 'clientId'] },
      sk: { field: 'sk', composite: [] },
    },
  },
});
