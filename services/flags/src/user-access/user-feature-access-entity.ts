import { Entity } from '@sneakers/shared/table/entity';
import { ELECTRO_SERVICE } from '@sneakers/shared/table/definition';

/**
 * One user's decision document: `grants` (feature → granted) and `overrides` (feature →
 * { enabled, expiresAt }), read by enforcement in the same BatchGetItem as the flag config
 * and the profile (shared/src/views/feature-access-view.ts must match this entity).
 * `updatedAt` is the document's version: every write conditions on the one it read and
 * moves it forward.
 */
export const userFeatureAccessEntity = new Entity({
  model: { entity: 'userFeatureAccess', version: '1', service: ELECTRO_SERVICE },
  attributes: {
    userId: { type: 'string', required: true, readOnly: true },
    grants: { type: 'any', required: true },
    overrides: { type: 'any', required: true },
    updatedAt: { type: 'string', required: true },
  },
  indexes: {
    byUser: { pk: { field: 'pk', composite: ['userId'] }, sk: { field: 'sk', composite: [] } },
  },
});
