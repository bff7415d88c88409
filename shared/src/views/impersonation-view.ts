import { Entity } from '../table/entity';
import { ELECTRO_SERVICE } from '../table/definition';

/**
 * The read-only view of the admin service's impersonation grants
 * (services/admin/src/impersonation/impersonation-entity.ts; its drift test keeps them
 * equal): the HTTP pipeline of every service reads a grant by the SHA-256 of the token the SPA sends in
 * `x-impersonation`, to act as the target for the superuser who started it.
 */
export const impersonationView = new Entity({
  model: { entity: 'impersonationGrant', version: '1', service: ELECTRO_SERVICE },
  attributes: {
    tokenHash: { type: 'string', required: true, readOnly: true },
    id: { type: 'string', required: true, readOnly: true },
    superuserId: { type: 'string', required: true, readOnly: true },
    superuserEmail: { type: 'string', readOnly: true },
    targetUserId: { type: 'string', required: true, readOnly: true },
    targetEmail: { type: 'string', readOnly: true },
    startedAt: { type: 'string', required: true, readOnly: true },
    /** ISO instant after which the grant no longer works. */
    expiresAt: { type: 'string', required: true, readOnly: true },
    /** Set once stopped; a stopped grant no longer works. */
    stoppedAt: { type: 'string' },
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
