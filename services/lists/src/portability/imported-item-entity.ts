import { LIST_TYPES } from '@sneakers/shared/contracts/lists';
import { ownedIndex, ownerAttribute } from '@sneakers/shared/table/common-attributes';
import { ELECTRO_SERVICE } from '@sneakers/shared/table/definition';
import { Entity } from '@sneakers/shared/table/entity';

/**
 * The items one import wrote (docs/product/migration-tools.md#how-records-move): one row per
 * import, list and item, in the owner's partition (`sk = importId#listType#itemId`), so an
 * undo reads exactly that import's items with a key-condition Query instead of paging the
 * whole list. The item's own markers say whether it is still as the import left it; this row
 * only remembers that the import touched it, which an item edited since (its markers dropped
 * by a whole-item Put elsewhere) no longer says by itself, so the undo counts it kept.
 */
export const importedItemEntity = new Entity({
  model: { entity: 'listsImportedItem', version: '1', service: ELECTRO_SERVICE },
  attributes: {
    userId: ownerAttribute,
    importId: { type: 'string', required: true, readOnly: true },
    listType: { type: LIST_TYPES, required: true, readOnly: true },
    itemId: { type: 'string', required: true, readOnly: true },
  },
  indexes: {
    byImport: ownedIndex('userId', ['importId', 'listType', 'itemId']),
  },
});
