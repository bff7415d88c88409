import { ownerAttribute } from '@sneakers/shared/table/common-attributes';
import { ELECTRO_SERVICE } from '@sneakers/shared/table/definition';
import { Entity, type EntityItem } from '@sneakers/shared/table/entity';

/**
 * Up to ROWS_PER_CHUNK rows of a run in one record (`pk = ownerUserId#runId`, `sk = chunk`):
 * a 5,000-item preview is 20 puts in one BatchWriteItem rather than 5,000, and a page of rows
 * reads the chunks it spans (a GetItem each, from the cursor's chunk). 250 rows of ~500 bytes keep a record far below
 * DynamoDB's 400 KB item limit.
 */
export const ROWS_PER_CHUNK = 250;

export const runRowsEntity = new Entity({
  model: { entity: 'pricingRunRows', version: '1', service: ELECTRO_SERVICE },
  attributes: {
    ownerUserId: ownerAttribute,
    runId: { type: 'string', required: true, readOnly: true },
    /** Zero-padded, so the chunks sort in row order. */
    chunk: { type: 'string', required: true, readOnly: true },
    rows: { type: 'any', required: true },
  },
  indexes: {
    byRun: {
      pk: { field: 'pk', composite: ['ownerUserId', 'runId'] },
      sk: { field: 'sk', composite: ['chunk'] },
    },
  },
});

export type RunRowsItem = EntityItem<typeof runRowsEntity>;
