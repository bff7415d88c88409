import { Entity } from '../table/entity';
import type { DocumentClient } from '../table/client';
import { ELECTRO_SERVICE } from '../table/definition';
import type { IdempotencyStore } from './idempotency';

/**
 * One Idempotency-Key record for every service: keyed by scope and key, written as the
 * first, conditional item of the create's transaction, removed by TTL a day later.
 */
const schema = {
  model: { entity: 'idempotencyKey', version: '1', service: ELECTRO_SERVICE },
  attributes: {
    scope: { type: 'string', required: true, readOnly: true },
    key: { type: 'string', required: true, readOnly: true },
    fingerprint: { type: 'string', required: true },
    result: { type: 'any', required: true },
    createdAt: { type: 'string', required: true },
    ttl: { type: 'number', required: true },
  },
  indexes: {
    byKey: {
      pk: { field: 'pk', composite: ['scope', 'key'], casing: 'none' },
      sk: { field: 'sk', composite: [] },
    },
  },
} as const;

export const idempotencyEntity = new Entity(schema);

export function createIdempotencyStore(client: DocumentClient, table: string): IdempotencyStore {
  const records = new Entity(schema, { client, table });
  return {
    async get(scope, key) {
      const { data } = await records.get({ scope, key }).go({ consistent: true });
      if (!data) return null;
      return {
        scope: data.scope,
        key: data.key,
        fingerprint: data.fingerprint,
        result: data.result,
        createdAt: data.createdAt,
      };
    },
  };
}
