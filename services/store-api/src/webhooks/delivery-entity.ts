import { Entity, type EntityItem } from '@sneakers/shared/table/entity';
import { idAttribute, timestampAttributes } from '@sneakers/shared/table/common-attributes';
import { ELECTRO_SERVICE } from '@sneakers/shared/table/definition';

/**
 * One message to one endpoint (`pk = endpointId`, `sk = id`, a ULID: Query descending is the
 * delivery log, newest first). `attemptLog` keeps the latest attempts (ATTEMPT_LOG_KEPT);
 * `attempts` counts them all. `ttl` lets DynamoDB drop the log after DELIVERY_KEPT_DAYS.
 */
export const webhookDeliveryEntity = new Entity({
  model: { entity: 'webhookDelivery', version: '1', service: ELECTRO_SERVICE },
  attributes: {
    endpointId: { type: 'string', required: true, readOnly: true },
    id: idAttribute,
    storeUserId: { type: 'string', required: true, readOnly: true },
    event: { type: 'string', required: true, readOnly: true },
    messageId: { type: 'string', required: true, readOnly: true },
    payload: { type: 'string', required: true, readOnly: true },
    status: { type: ['pending', 'succeeded', 'failed'] as const, required: true },
    responseCode: { type: 'number' },
    durationMs: { type: 'number' },
    attempts: { type: 'number', required: true },
    nextAttemptAt: { type: 'string' },
    attemptLog: {
      type: 'list',
      required: true,
      items: {
        type: 'map',
        properties: {
          at: { type: 'string', required: true },
          responseCode: { type: 'number' },
          durationMs: { type: 'number', required: true },
          error: { type: 'string' },
        },
      },
    },
    ttl: { type: 'number', required: true, readOnly: true },
    ...timestampAttributes,
  },
  indexes: {
    byEndpoint: { pk: { field: 'pk', composite: ['endpointId'] }, sk: { field: 'sk', composite: ['id'] } },
  },
});

export type WebhookDeliveryRow = EntityItem<typeof webhookDeliveryEntity>;

export const ATTEMPT_LOG_KEPT = 20;
export const DELIVERY_KEPT_DAYS = 30;
