import * as z from 'zod/mini';
import { cursorField, pageQuery } from '../paging/page';
import { defineContract } from './contract';
import { recordId, requiredText } from './fields';
import { PORTABLE_KINDS, portableKindSchema } from './portability';

/**
 * The migration domain's HTTP contracts (services/migration, docs/product/migration-tools.md):
 * imports from CSV/XLSX files (upload, sheet and header row, column mapping, preview with
 * fixes, dry run, a background job with pause/resume, undo) and exports of all of a user's
 * data. Every import and export belongs to the user whose verified token asks.
 */
export const MIGRATION_PAGE_SIZE_MAX = 100;

// ------------------------------------------------------------ published limits

/** Largest file an import takes (docs/product/migration-tools.md#limits). */
export const IMPORT_MAX_FILE_BYTES = 25 * 1024 * 1024;
/** Most data rows one import takes (below the header row). */
export const IMPORT_MAX_ROWS = 100_000;
/** Most columns a sheet may have. */
export const IMPORT_MAX_COLUMNS = 200;
/** Rows the sheet/header step shows to pick the header row from. */
export const IMPORT_SAMPLE_ROWS = 20;
/** Days an export's archive can be downloaded (its emailed link, too). */
export const EXPORT_LINK_DAYS = 7;
/** Saved column mappings a user keeps at most. */
export const SAVED_MAPPINGS_MAX = 50;

export const IMPORT_FILE_FORMATS = ['csv', 'xlsx'] as const;
export type ImportFileFormat = (typeof IMPORT_FILE_FORMATS)[number];

/**
 * The sources whose headers the mapping step recognises (shared/src/rules/import-mapping.ts):
 * a Shopify product export (its current and older headers), this product's own export, and a
 * generic spreadsheet of pairs.
 */
export const IMPORT_SOURCES = ['shopify', 'export', 'generic'] as const;
export type ImportSource = (typeof IMPORT_SOURCES)[number];

/**
 * An import's life: `uploading` (waiting for the file) → `ready` (file read: pick sheet and
 * header row) → `validating` (columns mapped; the worker checks every row in the background,
 * `validation` says how far) → `mapped` (every row validated: preview, fixes, dry run) →
 * `queued` → `running` ⇄ `paused` → `completed`; then `undoing` → `undone`. `failed` when the
 * file cannot be read (the error says why; nothing was written).
 */
export const DATA_IMPORT_STATUSES = [
  'uploading',
  'ready',
  'validating',
  'mapped',
  'queued',
  'running',
  'paused',
  'completed',
  'failed',
  'undoing',
  'undone',
] as const;
export type DataImportStatus = (typeof DATA_IMPORT_STATUSES)[number];

export const DRY_RUN_STATES = ['running', 'done'] as const;
export type DryRunState = (typeof DRY_RUN_STATES)[number];

export const importColumnSchema = z.object({
  /** 0-based column of the sheet. */
  index: z.int(),
  /** The header row's text of the column ('' when blank). */
  header: z.string(),
  /** The portable field it maps to (shared/src/contracts/portability.ts), or null: not imported. */
  field: z.nullable(z.string()),
});
export type ImportColumn = z.infer<typeof importColumnSchema>;

const counts = {
  created: z.int(),
  updated: z.int(),
  /** Rows whose record already held the same data: nothing written. */
  unchanged: z.int(),
  /** Rows the user skipped in the preview, and invalid rows left unfixed. */
  skipped: z.int(),
  failed: z.int(),
};

export const dataImportSchema = z.object({
  importId: z.string(),
  kind: portableKindSchema,
  fileName: z.string(),
  size: z.int(),
  format: z.nullable(z.enum(IMPORT_FILE_FORMATS)),
  status: z.enum(DATA_IMPORT_STATUSES),
  /** The workbook's sheets (one, unnamed '', for a CSV). */
  sheets: z.array(z.string()),
  sheet: z.nullable(z.string()),
  /** 0-based row of the sheet holding the headers; data starts below it. */
  headerRow: z.nullable(z.int()),
  source: z.nullable(z.enum(IMPORT_SOURCES)),
  columns: z.array(importColumnSchema),
  /** The preview's tally, once mapped: data rows, valid, invalid (unfixed), skipped by the user. */
  rows: z.object({ total: z.int(), valid: z.int(), invalid: z.int(), skipped: z.int() }),
  /**
   * The background check of the rows after a mapping: sheet rows below the header row checked
   * so far, of all of them (the "Checking rows… N of M" bar). Null before a mapping.
   */
  validation: z.nullable(z.object({ processed: z.int(), total: z.int() })),
  /**
   * What an import would do now (the dry run, computed in the background: `running` while the
   * worker counts, with rows `processed` of `total`; `done` when the counts are final), or null
   * before one (a fix or a new mapping clears it).
   */
  dryRun: z.nullable(
    z.object({
      state: z.enum(DRY_RUN_STATES),
      processed: z.int(),
      total: z.int(),
      create: z.int(),
      update: z.int(),
      unchanged: z.int(),
      failed: z.int(),
    }),
  ),
  /** The job's progress: rows done of the rows to import, and what they did. */
  progress: z.object({ processed: z.int(), total: z.int(), ...counts }),
  /** Records this import's undo reverted, and kept because they changed since. */
  undo: z.nullable(z.object({ reverted: z.int(), kept: z.int() })),
  error: z.nullable(z.object({ code: z.string(), message: z.string() })),
  createdAt: z.string(),
  updatedAt: z.string(),
  startedAt: z.nullable(z.string()),
  finishedAt: z.nullable(z.string()),
});
export type DataImport = z.infer<typeof dataImportSchema>;

export const PREVIEW_ROW_STATUSES = ['valid', 'invalid', 'skipped'] as const;
export type PreviewRowStatus = (typeof PREVIEW_ROW_STATUSES)[number];

export const previewRowSchema = z.object({
  /** 0-based data row (the sheet's row is headerRow + 1 + row). */
  row: z.int(),
  /** The mapped cells as text, by portable field (after the user's fixes). */
  values: z.record(z.string(), z.string()),
  /** Why a cell is not valid, by portable field (the API's own messages). */
  errors: z.record(z.string(), z.array(z.string())),
  status: z.enum(PREVIEW_ROW_STATUSES),
  /** Whether the row's style code is a catalogue product (rows with a SKU), else null. */
  catalog: z.nullable(z.enum(['matched', 'not_matched'])),
  /** The user changed a cell of this row. */
  fixed: z.boolean(),
});
export type PreviewRow = z.infer<typeof previewRowSchema>;

const importId = z.object({ importId: recordId });
const importResponse = z.object({ import: dataImportSchema });

/** Starts an import: the file is then PUT to `upload.url` with `upload.headers`. 400 FILE_TOO_LARGE, FILE_TYPE. */
export const createDataImport = defineContract({
  id: 'migration.imports.create',
  method: 'POST',
  path: '/api/migration/imports',
  auth: 'user',
  body: z.strictObject({
    kind: portableKindSchema,
    fileName: requiredText(255, 'File name is required'),
    size: z.int().check(z.minimum(1, 'The file is empty')),
    contentType: z.string().check(z.maxLength(255)),
  }),
  response: z.object({
    import: dataImportSchema,
    upload: z.object({ url: z.string(), headers: z.record(z.string(), z.string()) }),
  }),
  maxBodyBytes: 4 * 1024,
});

export const listDataImports = defineContract({
  id: 'migration.imports.list',
  method: 'GET',
  path: '/api/migration/imports',
  auth: 'user',
  query: z.object(pageQuery(MIGRATION_PAGE_SIZE_MAX)),
  response: z.object({ imports: z.array(dataImportSchema), ...cursorField }),
});

export const getDataImport = defineContract({
  id: 'migration.imports.get',
  method: 'GET',
  path: '/api/migration/imports/{importId}',
  auth: 'user',
  params: importId,
  response: importResponse,
});

/**
 * Reads the uploaded file (after the PUT): its sheets, and the first IMPORT_SAMPLE_ROWS rows
 * of `sheet` (the first sheet when absent) to pick the header row from. 400 with a code the
 * UI explains: FILE_MISSING, FILE_EMPTY, FILE_BINARY, FILE_TYPE, FILE_TOO_LARGE, TOO_MANY_ROWS,
 * TOO_MANY_COLUMNS, UNCLOSED_QUOTE, MIXED_ENCODING, FILE_UNREADABLE, SHEET_NOT_FOUND.
 */
export const readDataImportFile = defineContract({
  id: 'migration.imports.read',
  method: 'POST',
  path: '/api/migration/imports/{importId}/file',
  auth: 'user',
  params: importId,
  body: z.strictObject({ sheet: z.optional(z.nullable(z.string().check(z.maxLength(255)))) }),
  response: z.object({
    import: dataImportSchema,
    /** The sheet's first rows, cells as text. */
    sample: z.array(z.array(z.string())),
    /** The header row suggested (the first row that looks like headers). */
    suggestedHeaderRow: z.int(),
  }),
  maxBodyBytes: 1024,
});

/**
 * The mapping step: suggests columns from the header row (`columns` absent) or takes the
 * user's, checked against the header row and the first rows below it; answers at once with
 * the import `validating` while the worker checks every row (then `mapped`). 400 NO_HEADERS
 * (a header row only, or blank), DUPLICATE_HEADERS naming them, HEADER_ONLY, MAPPING_INVALID
 * (a field mapped twice, a required field unmapped). A mapping sent while the rows of an
 * earlier one are still being checked replaces it (that check stops). `save` keeps the
 * mapping for reuse with files of these headers.
 */
export const mapDataImport = defineContract({
  id: 'migration.imports.map',
  method: 'PUT',
  path: '/api/migration/imports/{importId}/mapping',
  auth: 'user',
  params: importId,
  body: z.strictObject({
    sheet: z.string().check(z.maxLength(255)),
    headerRow: z.int().check(z.minimum(0), z.maximum(IMPORT_SAMPLE_ROWS - 1)),
    columns: z.optional(
      z
        .array(z.strictObject({ index: z.int().check(z.minimum(0)), field: z.nullable(z.string()) }))
        .check(z.maxLength(IMPORT_MAX_COLUMNS)),
    ),
    save: z.optional(z.nullable(z.strictObject({ name: requiredText(80, 'Name is required') }))),
  }),
  response: importResponse,
  maxBodyBytes: 32 * 1024,
});

/** The preview, a page at a time, filtered by row status. 409 IMPORT_VALIDATING while the rows are checked. */
export const listDataImportRows = defineContract({
  id: 'migration.imports.rows',
  method: 'GET',
  path: '/api/migration/imports/{importId}/rows',
  auth: 'user',
  params: importId,
  query: z.object({
    ...pageQuery(MIGRATION_PAGE_SIZE_MAX),
    status: z.optional(z.enum(PREVIEW_ROW_STATUSES)),
  }),
  response: z.object({ rows: z.array(previewRowSchema), ...cursorField }),
});

/**
 * Fixes cells of a row (re-validated) or skips it (or takes it back). Only before the import
 * starts: 409 IMPORT_STARTED; 409 IMPORT_VALIDATING while the rows are checked.
 */
export const fixDataImportRow = defineContract({
  id: 'migration.imports.fix',
  method: 'PATCH',
  path: '/api/migration/imports/{importId}/rows/{row}',
  auth: 'user',
  params: z.object({ importId: recordId, row: z.coerce.number().check(z.int(), z.minimum(0)) }),
  body: z.strictObject({
    values: z.optional(z.record(z.string().check(z.maxLength(64)), z.string().check(z.maxLength(4000)))),
    skip: z.optional(z.boolean()),
  }),
  response: z.object({ row: previewRowSchema, import: dataImportSchema }),
  maxBodyBytes: 64 * 1024,
});

/**
 * Starts the dry run in the background (the answer's `dryRun` is `running`; poll the import
 * until it is `done`): what the import would create, update, leave unchanged or fail on,
 * writing nothing. A dry run already running is answered as it is. 409 IMPORT_VALIDATING.
 */
export const dryRunDataImport = defineContract({
  id: 'migration.imports.dry-run',
  method: 'POST',
  path: '/api/migration/imports/{importId}/dry-run',
  auth: 'user',
  params: importId,
  response: importResponse,
});

/**
 * Queues the job (the valid rows). Needs an Idempotency-Key header. 409 IMPORT_NOT_MAPPED,
 * IMPORT_STARTED, IMPORT_VALIDATING. A dry run still counting stops.
 */
export const startDataImport = defineContract({
  id: 'migration.imports.start',
  method: 'POST',
  path: '/api/migration/imports/{importId}/start',
  auth: 'user',
  params: importId,
  response: importResponse,
});

/** Pauses a queued or running job after the rows in flight. 409 IMPORT_NOT_RUNNING. */
export const pauseDataImport = defineContract({
  id: 'migration.imports.pause',
  method: 'POST',
  path: '/api/migration/imports/{importId}/pause',
  auth: 'user',
  params: importId,
  response: importResponse,
});

/** Resumes a paused job from its checkpoint. 409 IMPORT_NOT_PAUSED. */
export const resumeDataImport = defineContract({
  id: 'migration.imports.resume',
  method: 'POST',
  path: '/api/migration/imports/{importId}/resume',
  auth: 'user',
  params: importId,
  response: importResponse,
});

/** Reverts what a completed (or paused) import wrote, where unchanged since. 409 IMPORT_NOT_UNDOABLE. */
export const undoDataImport = defineContract({
  id: 'migration.imports.undo',
  method: 'POST',
  path: '/api/migration/imports/{importId}/undo',
  auth: 'user',
  params: importId,
  response: importResponse,
});

/** A short-lived link to the CSV of failed and skipped rows with their reasons. */
export const getDataImportErrorReport = defineContract({
  id: 'migration.imports.error-report',
  method: 'GET',
  path: '/api/migration/imports/{importId}/error-report',
  auth: 'user',
  params: importId,
  response: z.object({ url: z.string() }),
});

// ------------------------------------------------------------ saved mappings

export const savedMappingSchema = z.object({
  mappingId: z.string(),
  name: z.string(),
  kind: portableKindSchema,
  /** The header row it was made for: a file with these headers gets it suggested. */
  headers: z.array(z.string()),
  /** Header text → portable field. */
  fields: z.record(z.string(), z.string()),
  updatedAt: z.string(),
});
export type SavedMapping = z.infer<typeof savedMappingSchema>;

export const listSavedMappings = defineContract({
  id: 'migration.mappings.list',
  method: 'GET',
  path: '/api/migration/mappings',
  auth: 'user',
  response: z.object({ mappings: z.array(savedMappingSchema) }),
});

export const deleteSavedMapping = defineContract({
  id: 'migration.mappings.delete',
  method: 'DELETE',
  path: '/api/migration/mappings/{mappingId}',
  auth: 'user',
  params: z.object({ mappingId: recordId }),
  response: z.object({ deleted: z.literal(true) }),
});

// ------------------------------------------------------------ exports

export const EXPORT_STATUSES = ['building', 'ready', 'failed', 'expired'] as const;
export type ExportStatus = (typeof EXPORT_STATUSES)[number];

export const dataExportSchema = z.object({
  exportId: z.string(),
  status: z.enum(EXPORT_STATUSES),
  /** Records written so far / in all, by kind (the progress bar). */
  records: z.record(z.string(), z.int()),
  files: z.int(),
  bytes: z.nullable(z.int()),
  createdAt: z.string(),
  readyAt: z.nullable(z.string()),
  expiresAt: z.nullable(z.string()),
  error: z.nullable(z.object({ code: z.string(), message: z.string() })),
});
export type DataExport = z.infer<typeof dataExportSchema>;

/** Builds the archive in the background; emailed when ready. Needs an Idempotency-Key header. 409 EXPORT_RUNNING. */
export const createExport = defineContract({
  id: 'migration.exports.create',
  method: 'POST',
  path: '/api/migration/exports',
  auth: 'user',
  response: z.object({ export: dataExportSchema }),
});

export const listExports = defineContract({
  id: 'migration.exports.list',
  method: 'GET',
  path: '/api/migration/exports',
  auth: 'user',
  response: z.object({ exports: z.array(dataExportSchema) }),
});

/** A link valid for minutes to the owner's archive. 410 EXPORT_EXPIRED, 409 EXPORT_NOT_READY. */
export const downloadExport = defineContract({
  id: 'migration.exports.download',
  method: 'GET',
  path: '/api/migration/exports/{exportId}/download',
  auth: 'user',
  params: z.object({ exportId: recordId }),
  response: z.object({ url: z.string() }),
});

/** How many records of each kind the user owns (the close-account summary and the export's estimate). */
export const getDataSummary = defineContract({
  id: 'migration.summary.get',
  method: 'GET',
  path: '/api/migration/summary',
  auth: 'user',
  response: z.object({
    counts: z.object(
      Object.fromEntries(PORTABLE_KINDS.map((k) => [k, z.int()])) as Record<
        (typeof PORTABLE_KINDS)[number],
        z.ZodMiniInt
      >,
    ),
  }),
});

export const migrationContracts = [
  createDataImport,
  listDataImports,
  getDataImport,
  readDataImportFile,
  mapDataImport,
  listDataImportRows,
  fixDataImportRow,
  dryRunDataImport,
  startDataImport,
  pauseDataImport,
  resumeDataImport,
  undoDataImport,
  getDataImportErrorReport,
  listSavedMappings,
  deleteSavedMapping,
  createExport,
  listExports,
  downloadExport,
  getDataSummary,
] as const;
