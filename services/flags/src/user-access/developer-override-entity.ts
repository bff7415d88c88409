import { Entity, type EntityItem } from '@sneakers/shared/table/entity';
import { ELECTRO_SERVICE } from '@sneakers/shared/table/definition';

/**
 * The listing row of a developer override, all in one partition (`list` is always
 * OVERRIDE_LIST; `sk = userId + feature`): "every override" is one Query, by user. There
 * are few (developers and testers), so one partition holds them comfortably. Written in the
 * same transaction as the user's decision document. An absent expiresAt stands for null.
 */
export const developerOverrideEntity = new Entity({
  model: { entity: 'developerOverride', version: '1', service: ELECTRO_SERVICE },
  attributes: {
    list: { type: 'string', required: true, readOnly: true },
    userId: { type: 'string', required: true, readOnly: true },
    feature: { type: 'string', required: true, readOnly: true },
    enabled: { type: 'boolean', required: true },
    expiresAt: { type: 'string' },
    updatedAt: { type: 'string', required: true },
  },
  indexes: {
    byUserAndFeature: {
      pk: { field: 'pk', composite: ['list'] },
      sk: { field: 'sk', composite: ['userId', 'feature'] },
    },
  },
});

export const OVERRIDE_LIST = 'all';

export type DeveloperOverrideRow = EntityItem<typeof developerOverrideEntity>;
