import { Entity, type EntityItem } from '@sneakers/shared/table/entity';
import { ELECTRO_SERVICE } from '@sneakers/shared/table/definition';

/**
 * The shareable page's only key: GetItem by the share id (128 random bits, base64url), which
 * names the order. Nothing lists these rows, so a share id can only be known, not found.
 */
export const orderShareEntity = new Entity({
  model: { entity: 'commerceOrderShare', version: '1', service: ELECTRO_SERVICE },
  attributes: {
    shareId: { type: 'string', required: true, readOnly: true },
    storeUserId: { type: 'string', required: true, readOnly: true },
    orderId: { type: 'string', required: true, readOnly: true },
  },
  indexes: {
    byShareId: { pk: { field: 'pk', composite: ['shareId'] }, sk: { field: 'sk', composite: [] } },
  },
});

export type OrderShareRow = EntityItem<typeof orderShareEntity>;
