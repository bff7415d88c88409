import { Entity, type EntityItem } from '@sneakers/shared/table/entity';
import { ELECTRO_SERVICE } from '@sneakers/shared/table/definition';

/**
 * A password-reset link, keyed by the SHA-256 of its token (the token itself is never
 * stored). `ttl` lets DynamoDB delete it after expiry; reads also check `expiresAt`,
 * since deletion is lazy (and never happens in DynamoDB Local).
 */
export const passwordResetEntity = new Entity({
  model: { entity: 'passwordReset', version: '1', service: ELECTRO_SERVICE },
  attributes: {
    tokenHash: { type: 'string', required: true, readOnly: true },
    email: { type: 'string', required: true },
    username: { type: 'string', required: true },
    userId: { type: 'string', required: true },
    createdAt: { type: 'string', required: true },
    expiresAt: { type: 'string', required: true },
    usedAt: { type: 'string' },
    ttl: { type: 'number', required: true },
  },
  indexes: {
    byToken: { pk: { field: 'pk', composite: ['tokenHash'] }, sk: { field: 'sk', composite: [] } },
  },
});

export type PasswordResetItem = EntityItem<typeof passwordResetEntity>;
