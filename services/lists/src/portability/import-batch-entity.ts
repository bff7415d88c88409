import { LIST_TYPES } from '@sneakers/shared/contracts/lists';
import { ownedIndex, ownerAttribute } from '@sneakers/shared/table/common-attributes';
import { ELECTRO_SERVICE } from '@sneakers/shared/table/definition';
import { Entity } from '@sneakers/shared/table/entity';

/**
 * The items one `apply` call of an import was about to write (docs/product/migration-tools.md#how-records-move):
 * one row per call, in the owner's partition (`sk = importId#listType#batchId`), written before
 * the items, so an undo reads exactly that import's items with a key-condition Query instead of
 * paging the whole list, and no item an import wrote is ever missing from it. The item's own
 * markers say whether it is still as the import left it; this row only says the import touched
 * it, which an item edited since (its markers dropped by a whole-item Put elsewhere) no longer
 * says by itself, so the undo counts it kept. One row a call, not one an item: an import of
 * 10,000 items writes 100 of them.
 */
export const importBatchEntity = new Entity({
  model: { entity: 'listsImportBatch', version: '1', service: ELECTRO_SERVICE },
  attributes: {
    userId: ownerAttribute,
    importId: { type: 'string', required: true, readOnly: true },
    listType: { type: LIST_TYPES, required: true, readOnly: true },
    /** A fresh ULID per call: a call replayed after a crash never overwrites the first one's row. */
    batchId: { type: 'string', required: true, readOnly: true },
    /** At most PORTABILITY_APPLY_MAX_ROWS ids. */
    itemIds: { type: 'list', items: { type: 'string' }, required: true },
  },
  indexes: {
    byImport: ownedIndex('userId', ['importId', 'listType', 'batchId']),
  },
});
