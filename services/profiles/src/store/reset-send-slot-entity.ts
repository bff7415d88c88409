import { Entity, type EntityItem } from 'electrodb';
import { ELECTRO_SERVICE } from '@sneakers/shared/table/definition';

/**
 * The reset-email rate limit: N slots per address, each taken by a conditional write
 * and free again one window after it was taken (a rolling window that concurrent
 * requests cannot overrun). All slots of an address share a partition.
 */
export const resetSendSlotEntity = new Entity({
  model: { entity: 'resetSendSlot', version: '1', service: ELECTRO_SERVICE },
  attributes: {
    email: { type: 'string', required: true, readOnly: true },
    slot: { type: 'number', required: true, readOnly: true },
    takenAt: { type: 'number', required: true },
    ttl: { type: 'number', required: true },
  },
  indexes: {
    byEmail: {
      pk: { field: 'pk', composite: ['email'] },
      sk: { field: 'sk', composite: ['slot'] },
    },
  },
});

export type ResetSendSlotItem = EntityItem<typeof resetSendSlotEntity>;
