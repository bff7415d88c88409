import { idAttribute, ownedIndex, ownerAttribute } from '@sneakers/shared/table/common-attributes';
import { ELECTRO_SERVICE } from '@sneakers/shared/table/definition';
import { Entity, type EntityItem } from '@sneakers/shared/table/entity';

/**
 * An export of all of a user's data (docs/product/migration-tools.md#export), in its owner's
 * partition (`pk = userId`, `sk = exportId`, a ULID: newest first is one descending Query).
 * `records` counts what the worker wrote per kind (a map of ints, parsed on read); the
 * archive is `exports/{userId}/{exportId}.zip` in the uploads bucket.
 */
export const dataExportEntity = new Entity({
  model: { entity: 'migrationExport', version: '1', service: ELECTRO_SERVICE },
  attributes: {
    userId: ownerAttribute,
    exportId: idAttribute,
    status: { type: ['building', 'ready', 'failed', 'expired'] as const, required: true },
    records: { type: 'any', required: true },
    files: { type: 'number', required: true },
    bytes: { type: 'number' },
    archiveKey: { type: 'string', required: true, readOnly: true },
    createdAt: { type: 'string', required: true, readOnly: true },
    updatedAt: { type: 'string', required: true },
    readyAt: { type: 'string' },
    expiresAt: { type: 'string' },
    errorCode: { type: 'string' },
    errorMessage: { type: 'string' },
  },
  indexes: { byOwner: ownedIndex('userId', ['exportId']) },
});

export type DataExportItem = EntityItem<typeof dataExportEntity>;

/**
 * The one running export of a user (`pk = userId`): created with the export, conditional on
 * absence (or on the previous one being older than a worker's longest run, so a crashed worker
 * never blocks the user), and removed when the export is ready or failed.
 */
export const exportLockEntity = new Entity({
  model: { entity: 'migrationExportLock', version: '1', service: ELECTRO_SERVICE },
  attributes: {
    userId: ownerAttribute,
    exportId: { type: 'string', required: true },
    since: { type: 'string', required: true },
  },
  indexes: { byOwner: { pk: { field: 'pk', composite: ['userId'] }, sk: { field: 'sk', composite: [] } } },
});

export type ExportLockItem = EntityItem<typeof exportLockEntity>;
