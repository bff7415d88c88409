import { Entity } from '@sneakers/shared/table/entity';
import { ELECTRO_SERVICE } from '@sneakers/shared/table/definition';

/**
 * When a flag was last evaluated (the stale report), one row per flag in one partition
 * (`list` is always USAGE_LIST, `sk = feature`): the flag list merges them with one Query.
 * Kept out of the config document so a report never contends with flag edits, and written
 * at most once a day per flag (a conditional update).
 */
export const flagUsageEntity = new Entity({
  model: { entity: 'flagUsage', version: '1', service: ELECTRO_SERVICE },
  attributes: {
    list: { type: 'string', required: true, readOnly: true },
    feature: { type: 'string', required: true, readOnly: true },
    lastEvaluatedAt: { type: 'string', required: true },
  },
  indexes: {
    byFeature: {
      pk: { field: 'pk', composite: ['list'] },
      sk: { field: 'sk', composite: ['feature'] },
    },
  },
});

export const USAGE_LIST = 'all';
