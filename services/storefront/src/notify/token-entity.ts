import { ELECTRO_SERVICE } from '@sneakers/shared/table/definition';
import { Entity, type EntityItem } from '@sneakers/shared/table/entity';

/**
 * A link from a notify-me email (confirm or unsubscribe) to its subscription: GetItem by the
 * SHA-256 of the link's token, so the table never holds a token that works. It outlives the
 * subscription (`ttl`), so a second click on an unsubscribe link still answers.
 */
export const notifyTokenEntity = new Entity({
  model: { entity: 'storefrontNotifyToken', version: '1', service: ELECTRO_SERVICE },
  attributes: {
    tokenHash: { type: 'string', required: true, readOnly: true },
    purpose: { type: ['confirm', 'unsubscribe'] as const, required: true, readOnly: true },
    storeUserId: { type: 'string', required: true, readOnly: true },
    productId: { type: 'string', required: true, readOnly: true },
    sizeKey: { type: 'string', required: true, readOnly: true },
    email: { type: 'string', required: true, readOnly: true },
    ttl: { type: 'number', required: true },
  },
  indexes: {
    byToken: { pk: { field: 'pk', composite: ['tokenHash'] }, sk: { field: 'sk', composite: [] } },
  },
});

export type NotifyTokenRow = EntityItem<typeof notifyTokenEntity>;
