import { ELECTRO_SERVICE } from '@sneakers/shared/table/definition';
import { Entity, type EntityItem } from '@sneakers/shared/table/entity';

/**
 * The match index (shared/src/rules/deals.ts `dealIndexRows`): one row per product key and
 * size key of an item that takes part, `pk = DEALIDX#{live|demo}#{want|have}#{productKey}`,
 * `sk = {sizeKey}#{itemId}` (kept as the rule writes them: `casing: 'none'`), carrying the
 * item (`source`, a DealSource as JSON) so a candidate is never read back. Written only by
 * the matcher; read by `candidateQueries` (a Query each, begins_with one size).
 */
export const dealIndexEntity = new Entity({
  model: { entity: 'dealsIndex', version: '1', service: ELECTRO_SERVICE },
  attributes: {
    partition: { type: 'string', required: true, readOnly: true },
    slot: { type: 'string', required: true, readOnly: true },
    source: { type: 'string', required: true },
  },
  indexes: {
    byPartition: {
      pk: { field: 'pk', composite: ['partition'], casing: 'none' },
      sk: { field: 'sk', composite: ['slot'], casing: 'none' },
    },
  },
});

export type DealIndexItem = EntityItem<typeof dealIndexEntity>;
