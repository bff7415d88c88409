import {
  DATA_IMPORT_STATUSES,
  IMPORT_FILE_FORMATS,
  IMPORT_SOURCES,
} from '@sneakers/shared/contracts/migration';
import { PORTABLE_KINDS } from '@sneakers/shared/contracts/portability';
import {
  idAttribute,
  ownedIndex,
  ownerAttribute,
  timestampAttributes,
} from '@sneakers/shared/table/common-attributes';
import { ELECTRO_SERVICE } from '@sneakers/shared/table/definition';
import { Entity, type EntityItem } from '@sneakers/shared/table/entity';

/**
 * An import (docs/product/migration-tools.md#the-import-job) in its owner's partition
 * (`pk = ownerUserId`, `sk = id`, a ULID: newest first is one Query). Every change is
 * conditional on `version` (optimistic): the API's pause and the worker's checkpoint can
 * never overwrite each other. Nested objects (columns, tallies, progress) are `any`,
 * checked by the contract when answered. Absent optional attributes are null.
 */
export const importEntity = new Entity({
  model: { entity: 'migrationImport', version: '1', service: ELECTRO_SERVICE },
  attributes: {
    ownerUserId: ownerAttribute,
    id: idAttribute,
    kind: { type: PORTABLE_KINDS, required: true, readOnly: true },
    fileName: { type: 'string', required: true, readOnly: true },
    size: { type: 'number', required: true, readOnly: true },
    format: { type: IMPORT_FILE_FORMATS },
    status: { type: DATA_IMPORT_STATUSES, required: true },
    sheets: { type: 'any', required: true },
    sheet: { type: 'string' },
    headerRow: { type: 'number' },
    headers: { type: 'any' },
    source: { type: IMPORT_SOURCES },
    columns: { type: 'any', required: true },
    rows: { type: 'any', required: true },
    dryRun: { type: 'any' },
    progress: { type: 'any', required: true },
    undo: { type: 'any' },
    error: { type: 'any' },
    /** The CSV's encoding and delimiter found by the first read. */
    dialect: { type: 'any' },
    /** The Idempotency-Key of the start: a retry with it answers the import as it is. */
    startKey: { type: 'string' },
    undoCursor: { type: 'string' },
    errorReport: { type: 'string' },
    validation: { type: 'any' },
    sheetRows: { type: 'number' },
    /** The background validation's checkpoint (the sheet's next row to read). */
    validateLine: { type: 'number' },
    version: { type: 'number', required: true },
    startedAt: { type: 'string' },
    finishedAt: { type: 'string' },
    ...timestampAttributes,
  },
  indexes: { byOwner: ownedIndex('ownerUserId', ['id']) },
});
export type ImportItem = EntityItem<typeof importEntity>;

/**
 * The rows of an import as read from its file, mapped and validated, before any fix: one
 * record per chunk of consecutive rows (`pk = ownerUserId#importId`, `sk = first`, the
 * chunk's first row zero-padded) of at most PORTABILITY_APPLY_MAX_ROWS rows and ~200 KB,
 * so the worker streams them a chunk at a time and a row's chunk is one Query (`sk <= row`).
 */
export const importRowsEntity = new Entity({
  model: { entity: 'migrationImportRows', version: '1', service: ELECTRO_SERVICE },
  attributes: {
    ownerUserId: ownerAttribute,
    importId: { type: 'string', required: true, readOnly: true },
    first: { type: 'string', required: true, readOnly: true },
    rows: { type: 'any', required: true },
  },
  indexes: {
    byImport: {
      pk: { field: 'pk', composite: ['ownerUserId', 'importId'] },
      sk: { field: 'sk', composite: ['first'] },
    },
  },
});

/** The user's fix of one row (cells changed, or skipped), beside the rows as read. */
export const importFixEntity = new Entity({
  model: { entity: 'migrationImportFix', version: '1', service: ELECTRO_SERVICE },
  attributes: {
    ownerUserId: ownerAttribute,
    importId: { type: 'string', required: true, readOnly: true },
    row: { type: 'string', required: true, readOnly: true },
    values: { type: 'any', required: true },
    skip: { type: 'boolean', required: true },
    /** The catalogue match of the fixed style code. */
    catalog: { type: ['matched', 'not_matched'] as const },
    productCatalogId: { type: 'string' },
    updatedAt: { type: 'string', required: true },
  },
  indexes: {
    byImport: {
      pk: { field: 'pk', composite: ['ownerUserId', 'importId'] },
      sk: { field: 'sk', composite: ['row'] },
    },
  },
});

/** Why the owner refused a row the job applied (the error report's rows), written with the checkpoint. */
export const importFailureEntity = new Entity({
  model: { entity: 'migrationImportFailure', version: '1', service: ELECTRO_SERVICE },
  attributes: {
    ownerUserId: ownerAttribute,
    importId: { type: 'string', required: true, readOnly: true },
    row: { type: 'string', required: true, readOnly: true },
    code: { type: 'string', required: true },
    message: { type: 'string', required: true },
    fields: { type: 'any' },
  },
  indexes: {
    byImport: {
      pk: { field: 'pk', composite: ['ownerUserId', 'importId'] },
      sk: { field: 'sk', composite: ['row'] },
    },
  },
});

/**
 * A job that should be running (queued, running, undoing), in one partition of its own:
 * the minute schedule reads it to re-queue a job whose heartbeat stopped (a crashed
 * worker). Written and removed with the import's own changes, so it is never stale.
 */
export const ACTIVE_JOBS = 'migration-active-jobs';
export const activeJobEntity = new Entity({
  model: { entity: 'migrationActiveJob', version: '1', service: ELECTRO_SERVICE },
  attributes: {
    partition: { type: 'string', required: true, readOnly: true },
    importId: { type: 'string', required: true, readOnly: true },
    ownerUserId: { type: 'string', required: true },
    heartbeatAt: { type: 'string', required: true },
  },
  indexes: {
    byPartition: {
      pk: { field: 'pk', composite: ['partition'] },
      sk: { field: 'sk', composite: ['importId'] },
    },
  },
});
