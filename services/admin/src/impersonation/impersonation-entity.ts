import { Entity, type EntityItem } from '@sneakers/shared/table/entity';
import { idAttribute } from '@sneakers/shared/table/common-attributes';
import { ELECTRO_SERVICE } from '@sneakers/shared/table/definition';

/**
 * An impersonation grant (`pk = tokenHash`): the HTTP pipeline of every service reads it
 * with one GetItem by the SHA-256 of the `x-impersonation` token, through the read-only
 * view shared/src/views/impersonation-view.ts (the drift test keeps the two equal);
 * gsi1 (`id`) is how stop finds it. `ttl` (epoch seconds, a week after expiry) lets
 * DynamoDB delete dead grants; the audit log keeps the history. Absent stoppedAt,
 * superuserEmail and targetEmail stand for null.
 */
export const impersonationEntity = new Entity({
  model: { entity: 'impersonationGrant', version: '1', service: ELECTRO_SERVICE },
  attributes: {
    tokenHash: { type: 'string', required: true, readOnly: true },
    id: idAttribute,
    superuserId: { type: 'string', required: true, readOnly: true },
    superuserEmail: { type: 'string', readOnly: true },
    targetUserId: { type: 'string', required: true, readOnly: true },
    targetEmail: { type: 'string', readOnly: true },
    startedAt: { type: 'string', required: true, readOnly: true },
    expiresAt: { type: 'string', required: true, readOnly: true },
    stoppedAt: { type: 'string' },
    ttl: { type: 'number', required: true, readOnly: true },
  },
  indexes: {
    byToken: { pk: { field: 'pk', composite: ['tokenHash'] }, sk: { field: 'sk', composite: [] } },
    byId: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['id'] },
      sk: { field: 'gsi1sk', composite: [] },
    },
  },
});

export type ImpersonationItem = EntityItem<typeof impersonationEntity>;

/** How long DynamoDB keeps a grant after it expired: a late stop still finds it. */
export const GRANT_KEPT_AFTER_EXPIRY_S = 7 * 24 * 3600;
