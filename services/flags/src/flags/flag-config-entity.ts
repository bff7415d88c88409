import { Entity } from '@sneakers/shared/table/entity';
import { ELECTRO_SERVICE } from '@sneakers/shared/table/definition';

/**
 * The one decision document with every flag and access rule (`scope` is always
 * FLAG_CONFIG_SCOPE of shared/src/views/feature-access-view.ts, which every other service
 * reads; the view must match this entity: test/unit/feature-access-view.test.ts). One
 * document, so enforcement reads all flags and rules with one GetItem; `revision` is the
 * document's version, which every write conditions on.
 */
export const flagConfigEntity = new Entity({
  model: { entity: 'flagConfig', version: '1', service: ELECTRO_SERVICE },
  attributes: {
    scope: { type: 'string', required: true, readOnly: true },
    /** FeatureFlag[] (shared/src/contracts/flags.ts), parsed with its schema on read. */
    flags: { type: 'any', required: true },
    /** AccessRule[]. */
    rules: { type: 'any', required: true },
    revision: { type: 'number', required: true },
    updatedAt: { type: 'string', required: true },
  },
  indexes: {
    byScope: { pk: { field: 'pk', composite: ['scope'] }, sk: { field: 'sk', composite: [] } },
  },
});
