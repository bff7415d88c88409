import { Entity, type EntityItem } from '@sneakers/shared/table/entity';
import { ELECTRO_SERVICE } from '@sneakers/shared/table/definition';

/**
 * The listing row of a per-user grant or denial, in its flag's partition (`pk = feature`,
 * `sk = userId`): "the grants of this flag" is one Query. Written in the same transaction
 * as the user's decision document, which is what enforcement reads.
 */
export const featureGrantEntity = new Entity({
  model: { entity: 'featureGrant', version: '1', service: ELECTRO_SERVICE },
  attributes: {
    feature: { type: 'string', required: true, readOnly: true },
    userId: { type: 'string', required: true, readOnly: true },
    granted: { type: 'boolean', required: true },
    updatedAt: { type: 'string', required: true },
  },
  indexes: {
    byFeature: {
      pk: { field: 'pk', composite: ['feature'] },
      sk: { field: 'sk', composite: ['userId'] },
    },
  },
});

export type FeatureGrantRow = EntityItem<typeof featureGrantEntity>;
