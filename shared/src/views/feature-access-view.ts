import { Entity } from '../table/entity';
import { ELECTRO_SERVICE } from '../table/definition';

/**
 * The read-only views of the flags service's two decision documents
 * (services/flags/src/flags/flag-config-entity.ts and
 * services/flags/src/user-access/user-feature-access-entity.ts): what every other service
 * reads to enforce features, with the owner's names, keys and attributes (`flags/test/unit/feature-access-view.test.ts`
 * fails on drift). Both are small documents so that one BatchGetItem (with the caller's
 * profile) holds everything one decision needs.
 */

/** The single row with every flag and access rule (`scope` is always FLAG_CONFIG_SCOPE). */
export const flagConfigView = new Entity({
  model: { entity: 'flagConfig', version: '1', service: ELECTRO_SERVICE },
  attributes: {
    scope: { type: 'string', required: true, readOnly: true },
    /** FeatureFlag[] (shared/src/contracts/flags.ts), parsed with its schema on read. */
    flags: { type: 'any', required: true },
    /** AccessRule[]. */
    rules: { type: 'any', required: true },
    /** Bumped on every write: concurrent writers condition on it. */
    revision: { type: 'number', required: true },
    updatedAt: { type: 'string', required: true },
  },
  indexes: {
    byScope: { pk: { field: 'pk', composite: ['scope'] }, sk: { field: 'sk', composite: [] } },
  },
});

export const FLAG_CONFIG_SCOPE = 'global';

/** One row per user with grants or overrides: `grants` maps feature → granted, `overrides` feature → { enabled, expiresAt }. */
export const userFeatureAccessView = new Entity({
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
