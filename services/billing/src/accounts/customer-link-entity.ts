import { ELECTRO_SERVICE } from '@sneakers/shared/table/definition';
import { Entity, type EntityRow } from '@sneakers/shared/table/entity';

/**
 * Which user a provider customer is: webhooks name the customer, and the billing account is
 * the user's. GetItem by customer id; created once (sign-up, or the first webhook that names
 * the user in its metadata), never changed.
 */
export const customerLinkEntity = new Entity({
  model: { entity: 'billingCustomer', version: '1', service: ELECTRO_SERVICE },
  attributes: {
    customerId: { type: 'string', required: true, readOnly: true },
    userId: { type: 'string', required: true, readOnly: true },
    createdAt: { type: 'string', required: true, readOnly: true },
  },
  indexes: {
    byCustomer: { pk: { field: 'pk', composite: ['customerId'] }, sk: { field: 'sk', composite: [] } },
  },
});
export type CustomerLinkRow = EntityRow<typeof customerLinkEntity>;
