import { buildEvent } from '@sneakers/events/define-event';
import { migrationImportQueued } from '@sneakers/events/migration';
import { requireUser, requireWriter, type Actor } from '@sneakers/shared/actor';
import {
  IMPORT_MAX_FILE_BYTES,
  IMPORT_SAMPLE_ROWS,
  SAVED_MAPPINGS_MAX,
  type DataImport,
  type ImportColumn,
  type PreviewRow,
  type PreviewRowStatus,
  type SavedMapping,
} from '@sneakers/shared/contracts/migration';
import {
  PORTABILITY_APPLY_MAX_ROWS,
  portableSchemaOf,
  type PortableKind,
} from '@sneakers/shared/contracts/portability';
import { BadRequestError, ConflictError, NotFoundError } from '@sneakers/shared/errors';
import { idempotencyKeyFrom } from '@sneakers/shared/idempotency/idempotency';
import type { Page, PageRequest } from '@sneakers/shared/paging/page';
import { importKeyOf } from '@sneakers/shared/rules/import-keys';
import { mappingProblems, normaliseHeader, suggestMapping } from '@sneakers/shared/rules/import-mapping';
import { toPortableRecord } from '@sneakers/shared/rules/import-values';
import { styleCodeKey } from '@sneakers/shared/rules/style-code';
import type { OutboxEvent } from '@sneakers/shared/table/outbox';
import { TransactionBusyError } from '@sneakers/shared/table/transaction';
import { errorReportKey, sourceKey } from '../files/ports';
import {
  collectBytes,
  fileProblem,
  formatOfFileName,
  readCsv,
  readXlsx,
  type RowsHandler,
} from '../files/readers';
import type { CatalogMatcher, ImportDeps, ImportRecord, RowFix, StoredRow } from './ports';

/**
 * Imports (docs/product/migration-tools.md#import): create (a presigned upload), read the
 * file (sheets, sample rows), map the columns (checked on the header row and the first rows;
 * the worker then validates every row in the background, jobs/validation.ts, storing them in
 * chunks for the preview and the job), fix or skip rows, dry run (counted by the worker,
 * jobs/dry-run.ts), then start/pause/resume/undo the job (jobs/domain.ts runs it). Every
 * import belongs to the verified user asking.
 */
export const IMPORT_UPLOAD_EXPIRES_SECONDS = 15 * 60;
export const ERROR_REPORT_LINK_SECONDS = 5 * 60;
/** Rows of one stored chunk: one `apply` of the job. */
export const CHUNK_MAX_ROWS = PORTABILITY_APPLY_MAX_ROWS;
/** A chunk's rows as JSON stay far below DynamoDB's 400 KB item limit. */
export const CHUNK_MAX_BYTES = 200_000;
/** Chunks one page of the preview reads at most (a filtered page may end before its limit). */
const PREVIEW_CHUNKS = 10;
const PREVIEW_PAGE = 50;

const CONTENT_TYPES = {
  csv: 'text/csv',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

const MEDIA_TYPE = /^[\w.+-]+\/[\w.+-]+$/;

export const importNotFound = () => new NotFoundError('Import not found.', 'IMPORT_NOT_FOUND');
const importStarted = () => new ConflictError('This import has already started.', 'IMPORT_STARTED');
/** Rows being checked cannot be previewed, fixed, dry-run or imported yet. */
export const importValidating = () =>
  new ConflictError(
    'The rows are still being checked: wait until the check ends, then try again.',
    'IMPORT_VALIDATING',
  );
const busy = () => new TransactionBusyError();

export function toDataImport(record: ImportRecord): DataImport {
  return {
    importId: record.id,
    kind: record.kind,
    fileName: record.fileName,
    size: record.size,
    format: record.format,
    status: record.status,
    sheets: record.sheets,
    sheet: record.sheet,
    headerRow: record.headerRow,
    source: record.source,
    columns: record.columns,
    rows: record.rows,
    validation: record.validation,
    dryRun: record.dryRun,
    progress: record.progress,
    undo: record.undo,
    error: record.error,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
    startedAt: record.startedAt,
    finishedAt: record.finishedAt,
  };
}

/** The next version of a record, stamped now. */
export const next = (record: ImportRecord, now: Date, change: Partial<ImportRecord>): ImportRecord => ({
  ...record,
  ...change,
  version: record.version + 1,
  updatedAt: now.toISOString(),
});

export function queuedEvent(deps: Pick<ImportDeps, 'ids'>, record: ImportRecord, now: Date): OutboxEvent {
  return buildEvent(
    migrationImportQueued,
    { userId: record.ownerUserId, importId: record.id, importVersion: record.version },
    { eventId: deps.ids.next(), occurredAt: now.toISOString() },
  );
}

/** Attempts of a user's change that a worker's checkpoint keeps getting in before. */
const CHANGE_ATTEMPTS = 4;

/**
 * Saves a user's change built from the import as stored. The worker checkpoints a validation
 * or a dry run about every second, each a new version: a change that lost to one is built
 * again from a fresh read (`build` checks the state again) rather than answered BUSY.
 */
async function saveChange(
  deps: Pick<ImportDeps, 'imports'>,
  record: ImportRecord,
  build: (current: ImportRecord) => {
    next: ImportRecord;
    extra?: Parameters<ImportDeps['imports']['save']>[1];
  },
): Promise<ImportRecord> {
  let current = record;
  for (let attempt = 0; attempt < CHANGE_ATTEMPTS; attempt++) {
    const change = build(current);
    if ((await deps.imports.save(change.next, change.extra)) === 'committed') return change.next;
    const fresh = await deps.imports.get(current.ownerUserId, current.id);
    if (!fresh) throw importNotFound();
    current = fresh;
  }
  throw busy();
}

async function load(deps: ImportDeps, userId: string, importId: string): Promise<ImportRecord> {
  const record = await deps.imports.get(userId, importId);
  if (!record) throw importNotFound();
  return record;
}

export const emptyProgress = (total: number): DataImport['progress'] => ({
  processed: 0,
  total,
  created: 0,
  updated: 0,
  unchanged: 0,
  skipped: 0,
  failed: 0,
});

// ------------------------------------------------------------ create, list, get

export async function createImport(
  deps: ImportDeps,
  actor: Actor,
  input: { kind: PortableKind; fileName: string; size: number; contentType: string },
) {
  const user = requireWriter(actor);
  const format = formatOfFileName(input.fileName);
  if (!format) throw fileProblem.type();
  if (input.size > IMPORT_MAX_FILE_BYTES) throw fileTooLarge();
  const now = deps.clock.now().toISOString();
  const record: ImportRecord = {
    ownerUserId: user.userId,
    id: deps.ids.next(),
    kind: input.kind,
    fileName: input.fileName,
    size: input.size,
    format,
    status: 'uploading',
    sheets: [],
    sheet: null,
    headerRow: null,
    headers: null,
    source: null,
    columns: [],
    rows: { total: 0, valid: 0, invalid: 0, skipped: 0 },
    validation: null,
    dryRun: null,
    progress: emptyProgress(0),
    undo: null,
    error: null,
    dialect: null,
    startKey: null,
    undoCursor: null,
    errorReport: null,
    sheetRows: null,
    validateLine: null,
    version: 1,
    createdAt: now,
    updatedAt: now,
    startedAt: null,
    finishedAt: null,
  };
  await deps.imports.create(record);
  const upload = await deps.files.presignPut({
    key: sourceKey(user.userId, record.id),
    // The browser sends what it knows the file as (often nothing, or vendor types); the reader
    // trusts the bytes, not this, so anything but a plain media type becomes the format's own.
    contentType: MEDIA_TYPE.test(input.contentType.trim()) ? input.contentType.trim() : CONTENT_TYPES[format],
    size: input.size,
    expiresInSeconds: IMPORT_UPLOAD_EXPIRES_SECONDS,
  });
  return { import: toDataImport(record), upload };
}

const fileTooLarge = () =>
  new BadRequestError('FILE_TOO_LARGE', `A file can be at most ${IMPORT_MAX_FILE_BYTES / (1024 * 1024)} MB.`);

export async function listImports(
  deps: ImportDeps,
  actor: Actor,
  page: PageRequest,
): Promise<Page<DataImport>> {
  const user = requireUser(actor);
  const found = await deps.imports.list(user.userId, page);
  return { items: found.items.map(toDataImport), cursor: found.cursor };
}

export async function getImport(deps: ImportDeps, actor: Actor, importId: string): Promise<DataImport> {
  const user = requireUser(actor);
  return toDataImport(await load(deps, user.userId, importId));
}

// ------------------------------------------------------------ the file's rows

const BEFORE_START = new Set<DataImport['status']>(['uploading', 'ready', 'mapped', 'failed']);

/**
 * Every row of the import's sheet, in order, handed over a batch at a time (until `onRows`
 * answers 'stop'): CSV streamed with the dialect found by the first read, XLSX read whole
 * (one sheet kept). `rows` is the sheet's row count when known (an XLSX sheet's always, a
 * CSV's when read to its end).
 */
export async function eachSheetRow(
  deps: Pick<ImportDeps, 'files'>,
  record: ImportRecord,
  sheet: string | null,
  onRows: RowsHandler,
): Promise<{ sheets: string[]; dialect: ImportRecord['dialect']; rows: number | null }> {
  const open = deps.files.open(sourceKey(record.ownerUserId, record.id));
  if (record.format === 'csv') {
    let stopped = false;
    const { encoding, delimiter, rows } = await readCsv(
      open,
      async (batch, first) => {
        const answer = await onRows(batch, first);
        if (answer === 'stop') stopped = true;
        return answer;
      },
      record.dialect ?? undefined,
    );
    return { sheets: [''], dialect: { encoding, delimiter }, rows: stopped ? null : rows };
  }
  const sheets = await readXlsx(await collectBytes(await open()));
  const chosen = sheet ? sheets.find((s) => s.sheet === sheet) : sheets[0];
  if (!chosen) throw new BadRequestError('SHEET_NOT_FOUND', 'The workbook has no sheet of that name.');
  for (let i = 0; i < chosen.rows.length; i += CHUNK_MAX_ROWS)
    if ((await onRows(chosen.rows.slice(i, i + CHUNK_MAX_ROWS), i)) === 'stop') break;
  return { sheets: sheets.map((s) => s.sheet), dialect: null, rows: chosen.rows.length };
}

/** The first row that looks like headers: at least two filled cells, none of them a bare number. */
export function suggestHeaderRow(sample: readonly (readonly string[])[]): number {
  const at = sample.findIndex((row) => {
    const filled = row.filter((cell) => cell.trim() !== '');
    return filled.length >= 2 && filled.every((cell) => !/^[\d.,\s€$-]+$/.test(cell));
  });
  return at === -1 ? 0 : at;
}

/** Reads the uploaded file: bad files answer their 400 (and the import says why), nothing else changes. */
export async function readImportFile(deps: ImportDeps, actor: Actor, importId: string, sheet: string | null) {
  const user = requireWriter(actor);
  const record = await load(deps, user.userId, importId);
  if (record.status === 'validating') throw importValidating();
  if (!BEFORE_START.has(record.status)) throw importStarted();
  const sample: string[][] = [];
  let found: Awaited<ReturnType<typeof eachSheetRow>>;
  try {
    const size = await deps.files.size(sourceKey(user.userId, importId));
    if (size === null) throw new BadRequestError('FILE_MISSING', 'The file has not been uploaded.');
    if (size === 0) throw fileProblem.empty();
    if (size > IMPORT_MAX_FILE_BYTES) throw fileTooLarge();
    found = await eachSheetRow(deps, { ...record, dialect: null }, sheet, (rows) => {
      for (const row of rows) if (sample.length < IMPORT_SAMPLE_ROWS) sample.push(row);
    });
  } catch (error) {
    if (error instanceof BadRequestError && error.code !== 'SHEET_NOT_FOUND') {
      const failed = next(record, deps.clock.now(), {
        status: 'failed',
        error: { code: error.code, message: error.message },
      });
      await deps.imports.save(failed);
    }
    throw error;
  }
  const ready = next(record, deps.clock.now(), {
    status: 'ready',
    sheets: found.sheets,
    sheet: sheet ?? found.sheets[0] ?? '',
    dialect: found.dialect,
    sheetRows: found.rows,
    error: null,
  });
  if ((await deps.imports.save(ready)) === 'stale') throw busy();
  return { import: toDataImport(ready), sample, suggestedHeaderRow: suggestHeaderRow(sample) };
}

// ------------------------------------------------------------ mapping and validation

export interface ValidatedRow extends StoredRow {
  record: Record<string, unknown>;
  key: string | null;
}

const catalogFieldOf = (kind: PortableKind) => ('sku' in portableSchemaOf(kind).shape ? 'sku' : 'itemSku');
const hasCatalogId = (kind: PortableKind) => 'productCatalogId' in portableSchemaOf(kind).shape;

/** A row's cells after its fix, checked again, with its portable record and key. */
export function effectiveRow(kind: PortableKind, stored: StoredRow, fix: RowFix | undefined): ValidatedRow {
  const values = fix ? { ...stored.values, ...fix.values } : stored.values;
  const productCatalogId = fix?.catalog ? fix.productCatalogId : stored.productCatalogId;
  const catalog = fix?.catalog ?? stored.catalog;
  if (stored.skipReason)
    return { ...stored, values, status: 'skipped', record: {}, key: null, productCatalogId, catalog };
  const checked = toPortableRecord(kind, values);
  const record = { ...checked.record };
  // A matched style code links the record to the catalogue unless the file says which product
  // it is: a mapped catalogue column, even blank (an export's unlinked item), has the last word.
  const fileSaysLink = Object.hasOwn(values, 'productCatalogId');
  if (productCatalogId && hasCatalogId(kind) && !record.productCatalogId && !fileSaysLink)
    record.productCatalogId = productCatalogId;
  const invalid = Object.keys(checked.errors).length > 0;
  const status: PreviewRowStatus = fix?.skip ? 'skipped' : invalid ? 'invalid' : 'valid';
  return {
    row: stored.row,
    values,
    errors: checked.errors,
    status,
    skipReason: null,
    productCatalogId,
    catalog,
    record,
    key: invalid ? null : importKeyOf(kind, record),
  };
}

export function toPreviewRow(row: ValidatedRow, fixed: boolean): PreviewRow {
  return {
    row: row.row,
    values: row.values,
    errors: row.skipReason ? { '': [row.skipReason] } : row.errors,
    status: row.status,
    catalog: row.catalog,
    fixed,
  };
}

/** Style codes of rows matched to the catalogue in one lookup per chunk. */
async function matchCatalog(catalog: CatalogMatcher, kind: PortableKind, rows: StoredRow[]): Promise<void> {
  const field = catalogFieldOf(kind);
  if (!(field in portableSchemaOf(kind).shape)) return;
  const keys = new Set<string>();
  for (const row of rows) {
    const key = styleCodeKey(row.values[field] ?? '');
    if (key && !row.skipReason) keys.add(key);
  }
  const found = keys.size > 0 ? await catalog.match([...keys]) : new Map<string, string>();
  for (const row of rows) {
    if (row.skipReason) continue;
    const key = styleCodeKey(row.values[field] ?? '');
    if (!key) continue;
    const productId = found.get(key);
    row.catalog = productId ? 'matched' : 'not_matched';
    row.productCatalogId = productId ?? null;
  }
}

function headerProblems(headers: readonly string[]) {
  if (headers.every((h) => h.trim() === ''))
    throw new BadRequestError('NO_HEADERS', 'The header row is blank: pick the row that names the columns.');
  const seen = new Map<string, string>();
  const duplicated = new Set<string>();
  for (const header of headers) {
    const norm = header.trim().toLowerCase();
    if (!norm) continue;
    if (seen.has(norm)) duplicated.add(header.trim());
    seen.set(norm, header);
  }
  if (duplicated.size > 0)
    throw new BadRequestError(
      'DUPLICATE_HEADERS',
      `These column names appear more than once: ${[...duplicated].join(', ')}.`,
    );
}

const MAPPABLE = new Set<DataImport['status']>(['ready', 'validating', 'mapped']);

/** Rows below the header row the mapping is decided on (suggested from, checked against). */
const SAMPLE_FOR_MAPPING = 5;

/** The columns and source of a mapping: the user's, or suggested; 400 MAPPING_INVALID when it cannot import. */
export function decideMapping(
  kind: PortableKind,
  headers: string[],
  chosen: { index: number; field: string | null }[] | undefined,
  sample: string[][],
  saved: SavedMapping[],
): { columns: ImportColumn[]; source: NonNullable<DataImport['source']> } {
  headerProblems(headers);
  let columns: ImportColumn[];
  let source: NonNullable<DataImport['source']>;
  if (chosen) {
    const byIndex = new Map(chosen.map((c) => [c.index, c.field]));
    columns = headers.map((header, index) => ({ index, header, field: byIndex.get(index) ?? null }));
    source = suggestMapping(kind, headers).source;
  } else {
    const suggested = suggestMapping(kind, headers, { sample, saved });
    columns = suggested.columns;
    source = suggested.source;
  }
  const problems = mappingProblems(kind, columns);
  if (problems.length > 0)
    throw new BadRequestError(
      'MAPPING_INVALID',
      problems
        .map((p) =>
          p.code === 'REQUIRED_FIELD_UNMAPPED'
            ? `${p.field} must be mapped`
            : p.code === 'FIELD_MAPPED_TWICE'
              ? `${p.field} is mapped twice`
              : `${p.field} is not a field of this import`,
        )
        .join('; '),
    );
  return { columns, source };
}

const isBlank = (cells: readonly string[]) => cells.every((c) => c.trim() === '');

/**
 * A mapped line of the sheet as a stored row (its number is the data row's), or null for a
 * blank line (nothing to import, not numbered).
 */
export function storedRowOf(
  mapped: { values: Record<string, string>; skipReason: string | null },
  cells: readonly string[],
  row: number,
): StoredRow | null {
  if (mapped.skipReason && Object.keys(mapped.values).length === 0 && isBlank(cells)) return null;
  return {
    row,
    values: mapped.values,
    errors: {},
    status: mapped.skipReason ? 'skipped' : 'valid',
    skipReason: mapped.skipReason,
    productCatalogId: null,
    catalog: null,
  };
}

/** Matches a chunk's style codes to the catalogue and counts it into the preview's tally. */
export async function tallyChunk(
  deps: Pick<ImportDeps, 'catalog'>,
  kind: PortableKind,
  rows: StoredRow[],
  tally: DataImport['rows'],
): Promise<void> {
  await matchCatalog(deps.catalog, kind, rows);
  for (const row of rows) {
    const checked = effectiveRow(kind, row, undefined);
    tally[checked.status === 'valid' ? 'valid' : checked.status === 'invalid' ? 'invalid' : 'skipped'] += 1;
  }
}

/**
 * The mapping step, answered at once: the header row and the first rows below it decide (or
 * check) the mapping, which is stored with the import `validating`; the worker then checks
 * every row in the background (jobs/validation.ts) and sets `mapped` with the tally. A
 * 50,000-row file no longer waits on the request (API Gateway's 29 s).
 */
export async function mapImport(
  deps: ImportDeps,
  actor: Actor,
  importId: string,
  input: {
    sheet: string;
    headerRow: number;
    columns?: { index: number; field: string | null }[] | undefined;
    save?: { name: string } | null | undefined;
  },
): Promise<DataImport> {
  const user = requireWriter(actor);
  const record = await load(deps, user.userId, importId);
  // A new mapping while the rows of the previous one are checked wins (jobs/validation.ts).
  if (!MAPPABLE.has(record.status)) {
    if (BEFORE_START.has(record.status))
      throw new ConflictError('Read the file before mapping its columns.', 'IMPORT_NOT_READY');
    throw importStarted();
  }
  const kind = record.kind;
  const sheet = input.sheet || record.sheet;
  const saved = await deps.mappings.list(user.userId);
  let headers: string[] | null = null;
  const sample: string[][] = [];
  let line = 0;
  const found = await eachSheetRow(deps, record, sheet, (rows) => {
    for (const cells of rows) {
      const at = line++;
      if (at < input.headerRow) continue;
      if (at === input.headerRow) {
        headers = cells.map((c) => c.trim());
        continue;
      }
      sample.push(cells);
      if (sample.length >= SAMPLE_FOR_MAPPING) return 'stop';
    }
    return undefined;
  });
  const headerCells: string[] | null = headers;
  if (!headerCells)
    throw new BadRequestError(
      'NO_HEADERS',
      'The sheet has no row there: pick the row that names the columns.',
    );
  const { columns, source } = decideMapping(kind, headerCells, input.columns, sample, saved);
  // The file ended within the sample and none of it holds a cell: nothing below the headers.
  if (sample.length < SAMPLE_FOR_MAPPING && sample.every(isBlank))
    throw new BadRequestError('HEADER_ONLY', 'The sheet has a header row and no rows below it to import.');

  if (input.save) await saveMapping(deps, user.userId, kind, input.save.name, headerCells, columns, saved);
  // A CSV's row count is the read step's (the sample read stops early); a workbook's is known.
  const sheetRows = record.format === 'xlsx' ? found.rows : (found.rows ?? record.sheetRows);
  const now = deps.clock.now();
  const change: Partial<ImportRecord> = {
    status: 'validating',
    sheet,
    headerRow: input.headerRow,
    headers: headerCells,
    source,
    columns,
    rows: { total: 0, valid: 0, invalid: 0, skipped: 0 },
    validation: { processed: 0, total: Math.max(0, (sheetRows ?? 0) - input.headerRow - 1) },
    validateLine: input.headerRow + 1,
    sheetRows,
    dryRun: null,
    progress: emptyProgress(0),
    error: null,
  };
  const validating = await saveChange(deps, record, (current) => {
    if (!MAPPABLE.has(current.status)) throw importStarted();
    const changed = next(current, now, change);
    return { next: changed, extra: { event: queuedEvent(deps, changed, now), active: 'put' } };
  });
  return toDataImport(validating);
}

async function saveMapping(
  deps: ImportDeps,
  userId: string,
  kind: PortableKind,
  name: string,
  headers: string[],
  columns: ImportColumn[],
  saved: SavedMapping[],
) {
  const key = headers.map(normaliseHeader).filter(Boolean).sort().join('|');
  const same = saved.find(
    (m) => m.kind === kind && m.headers.map(normaliseHeader).filter(Boolean).sort().join('|') === key,
  );
  if (!same && saved.length >= SAVED_MAPPINGS_MAX)
    throw new ConflictError(
      `You can keep at most ${SAVED_MAPPINGS_MAX} saved mappings: delete one first.`,
      'MAPPINGS_FULL',
    );
  await deps.mappings.put(userId, {
    mappingId: same?.mappingId ?? deps.ids.next(),
    name,
    kind,
    headers,
    fields: Object.fromEntries(
      columns.filter((c) => c.field !== null).map((c) => [c.header, c.field as string]),
    ),
    updatedAt: deps.clock.now().toISOString(),
  });
}

// ------------------------------------------------------------ preview and fixes

/** Rows of the import from `fromRow` on, a chunk at a time, each with its fix applied. */
export async function* validatedRows(
  deps: Pick<ImportDeps, 'imports'>,
  record: ImportRecord,
  fromRow: number,
): AsyncGenerator<{ row: ValidatedRow; fixed: boolean }[]> {
  let at = fromRow;
  for (;;) {
    const chunks = await deps.imports.chunksFrom(record.ownerUserId, record.id, at, 1);
    const rows = (chunks[0] ?? []).filter((r) => r.row >= at);
    if (rows.length === 0) return;
    const last = rows[rows.length - 1]?.row ?? at;
    const fixes = await deps.imports.fixes(record.ownerUserId, record.id, at, last);
    yield rows.map((stored) => {
      const fix = fixes.get(stored.row);
      return { row: effectiveRow(record.kind, stored, fix), fixed: fix !== undefined };
    });
    at = last + 1;
  }
}

export async function listImportRows(
  deps: ImportDeps,
  actor: Actor,
  importId: string,
  query: { cursor?: string | undefined; limit?: number | undefined; status?: PreviewRowStatus | undefined },
): Promise<Page<PreviewRow>> {
  const user = requireUser(actor);
  const record = await load(deps, user.userId, importId);
  if (record.status === 'validating') throw importValidating();
  if (query.cursor !== undefined && !/^\d{1,6}$/.test(query.cursor))
    throw new BadRequestError('INVALID_CURSOR', 'The cursor is not valid.');
  const limit = query.limit ?? PREVIEW_PAGE;
  const items: PreviewRow[] = [];
  let at = query.cursor ? Number(query.cursor) : 0;
  let chunksRead = 0;
  for await (const batch of validatedRows(deps, record, at)) {
    chunksRead += 1;
    for (const { row, fixed } of batch) {
      at = row.row + 1;
      if (query.status && row.status !== query.status) continue;
      items.push(toPreviewRow(row, fixed));
      if (items.length >= limit) return { items, cursor: String(at) };
    }
    if (chunksRead >= PREVIEW_CHUNKS) return { items, cursor: String(at) };
  }
  return { items, cursor: null };
}

export async function fixImportRow(
  deps: ImportDeps,
  actor: Actor,
  importId: string,
  rowNumber: number,
  input: { values?: Record<string, string> | undefined; skip?: boolean | undefined },
): Promise<{ row: PreviewRow; import: DataImport }> {
  const user = requireWriter(actor);
  const record = await load(deps, user.userId, importId);
  if (record.status === 'validating') throw importValidating();
  if (record.status !== 'mapped') throw importStarted();
  const stored = (await deps.imports.chunksFrom(user.userId, importId, rowNumber, 1))[0]?.find(
    (r) => r.row === rowNumber,
  );
  if (!stored) throw new NotFoundError('Row not found.', 'ROW_NOT_FOUND');
  const mapped = new Set(record.columns.flatMap((c) => (c.field ? [c.field] : [])));
  const values = new Map<string, string>();
  for (const [field, value] of Object.entries(input.values ?? {})) {
    if (!mapped.has(field))
      throw new BadRequestError('FIELD_NOT_MAPPED', `${field} is not a mapped column of this import.`);
    values.set(field, value);
  }
  const previous = (await deps.imports.fixes(user.userId, importId, rowNumber, rowNumber)).get(rowNumber);
  const before = effectiveRow(record.kind, stored, previous);
  const fix: RowFix = {
    row: rowNumber,
    values: { ...(previous?.values ?? {}), ...Object.fromEntries(values) },
    skip: input.skip ?? previous?.skip ?? false,
    catalog: previous?.catalog ?? null,
    productCatalogId: previous?.productCatalogId ?? null,
    updatedAt: deps.clock.now().toISOString(),
  };
  const field = catalogFieldOf(record.kind);
  if (values.has(field)) {
    const probe: StoredRow = { ...stored, values: { ...stored.values, ...fix.values } };
    await matchCatalog(deps.catalog, record.kind, [probe]);
    fix.catalog = probe.catalog;
    fix.productCatalogId = probe.productCatalogId;
  }
  const after = effectiveRow(record.kind, stored, fix);
  // A fix outdates the dry run; one still counting stops (its checkpoint is now stale).
  const saved = await saveChange(deps, record, (current) => {
    if (current.status !== 'mapped') throw importStarted();
    const rows = { ...current.rows };
    rows[before.status] -= 1;
    rows[after.status] += 1;
    const counting = current.dryRun?.state === 'running';
    return {
      next: next(current, deps.clock.now(), { rows, dryRun: null }),
      extra: { fix, ...(counting ? { active: 'remove' as const } : {}) },
    };
  });
  return { row: toPreviewRow(after, true), import: toDataImport(saved) };
}

// ------------------------------------------------------------ dry run

/** Every record of the kind the user owns, by import key (the owner's `keys`, paged). */
export async function ownerKeys(deps: Pick<ImportDeps, 'portability'>, userId: string, kind: PortableKind) {
  const keys = new Map<string, Awaited<ReturnType<ImportDeps['portability']['keys']>>['records'][number]>();
  let cursor: string | null = null;
  do {
    const page = await deps.portability.keys({ userId, kind, cursor });
    for (const record of page.records) keys.set(record.key, record);
    cursor = page.cursor;
  } while (cursor);
  return keys;
}

/**
 * Starts the dry run (what the import would do now, writing nothing), counted by the worker
 * in the background (jobs/dry-run.ts): walking every row and every record the user has takes
 * far longer than a request may. A dry run already counting is answered as it is.
 */
export async function dryRunImport(deps: ImportDeps, actor: Actor, importId: string): Promise<DataImport> {
  const user = requireWriter(actor);
  const record = await load(deps, user.userId, importId);
  if (record.status === 'validating') throw importValidating();
  if (record.status !== 'mapped') throw importStarted();
  if (record.dryRun?.state === 'running') return toDataImport(record);
  const now = deps.clock.now();
  const counting = next(record, now, {
    dryRun: {
      state: 'running',
      processed: 0,
      total: record.rows.total,
      create: 0,
      update: 0,
      unchanged: 0,
      failed: 0,
    },
  });
  const outcome = await deps.imports.save(counting, {
    event: queuedEvent(deps, counting, now),
    active: 'put',
  });
  if (outcome === 'stale') throw busy();
  return toDataImport(counting);
}

// ------------------------------------------------------------ the job's states

export async function startImport(
  deps: ImportDeps,
  actor: Actor,
  headers: Record<string, string>,
  importId: string,
): Promise<DataImport> {
  const user = requireWriter(actor);
  const key = idempotencyKeyFrom(headers);
  const record = await load(deps, user.userId, importId);
  // A retry of the start that won answers the import as it is now.
  if (record.startKey === key && record.status !== 'mapped') return toDataImport(record);
  if (record.status === 'validating') throw importValidating();
  if (record.status !== 'mapped') {
    if (BEFORE_START.has(record.status))
      throw new ConflictError('Map the columns before starting the import.', 'IMPORT_NOT_MAPPED');
    throw importStarted();
  }
  const now = deps.clock.now();
  const queued = await saveChange(deps, record, (current) => {
    if (current.status !== 'mapped') throw importStarted();
    const changed = next(current, now, {
      status: 'queued',
      startKey: key,
      startedAt: now.toISOString(),
      progress: emptyProgress(current.rows.total),
      // A dry run still counting stops (its checkpoint is stale) and its partial counts go.
      dryRun: current.dryRun?.state === 'running' ? null : current.dryRun,
    });
    return { next: changed, extra: { event: queuedEvent(deps, changed, now), active: 'put' } };
  });
  return toDataImport(queued);
}

export async function pauseImport(deps: ImportDeps, actor: Actor, importId: string): Promise<DataImport> {
  const user = requireWriter(actor);
  const record = await load(deps, user.userId, importId);
  if (record.status !== 'queued' && record.status !== 'running')
    throw new ConflictError('The import is not running.', 'IMPORT_NOT_RUNNING');
  const paused = next(record, deps.clock.now(), { status: 'paused' });
  if ((await deps.imports.save(paused, { active: 'remove' })) === 'stale') throw busy();
  return toDataImport(paused);
}

export async function resumeImport(deps: ImportDeps, actor: Actor, importId: string): Promise<DataImport> {
  const user = requireWriter(actor);
  const record = await load(deps, user.userId, importId);
  if (record.status !== 'paused') throw new ConflictError('The import is not paused.', 'IMPORT_NOT_PAUSED');
  const now = deps.clock.now();
  const queued = next(record, now, { status: 'queued' });
  const outcome = await deps.imports.save(queued, { event: queuedEvent(deps, queued, now), active: 'put' });
  if (outcome === 'stale') throw busy();
  return toDataImport(queued);
}

export async function undoImport(deps: ImportDeps, actor: Actor, importId: string): Promise<DataImport> {
  const user = requireWriter(actor);
  const record = await load(deps, user.userId, importId);
  if (record.status !== 'completed' && record.status !== 'paused')
    throw new ConflictError('Only a finished or paused import can be undone.', 'IMPORT_NOT_UNDOABLE');
  const now = deps.clock.now();
  const undoing = next(record, now, { status: 'undoing', undo: { reverted: 0, kept: 0 }, undoCursor: null });
  const outcome = await deps.imports.save(undoing, { event: queuedEvent(deps, undoing, now), active: 'put' });
  if (outcome === 'stale') throw busy();
  return toDataImport(undoing);
}

export async function importErrorReport(deps: ImportDeps, actor: Actor, importId: string): Promise<string> {
  const user = requireUser(actor);
  const record = await load(deps, user.userId, importId);
  if (!record.errorReport)
    throw new NotFoundError('This import has no error report (yet).', 'ERROR_REPORT_NOT_FOUND');
  return deps.files.presignGet(
    errorReportKey(user.userId, importId),
    `${record.fileName.replace(/\.[^.]+$/, '')}-errors.csv`,
    ERROR_REPORT_LINK_SECONDS,
  );
}

/** Time the erasure of a deleted account's imports may take before it leaves the rest to a retry. */
export const ERASE_BUDGET_MS = 5 * 60 * 1000;

/**
 * On `Account.Deleted` (docs/product/accounts.md#closing-the-account) the user's imports go:
 * for each, its files in the bucket (the source, the error report), then its stored rows,
 * fixes, failures and job marker, the import itself last, so a run cut short lists again
 * what it left and a retry finishes; then the saved mappings. Past `budgetMs` it stops with
 * `done: false` (the consumer then fails, and the event's retry goes on from there).
 */
export async function eraseImports(
  deps: Pick<ImportDeps, 'imports' | 'mappings' | 'files' | 'clock'>,
  userId: string,
  budgetMs = ERASE_BUDGET_MS,
): Promise<{ imports: number; mappings: number; done: boolean }> {
  const deadline = deps.clock.now().getTime() + budgetMs;
  const over = () => deps.clock.now().getTime() > deadline;
  let imports = 0;
  let mappings = 0;
  let cursor: string | undefined;
  do {
    const page = await deps.imports.list(userId, { limit: 25, cursor });
    for (const record of page.items) {
      if (over()) return { imports, mappings, done: false };
      const reports = record.errorReport ? [record.errorReport] : [];
      await deps.files.delete([sourceKey(userId, record.id), errorReportKey(userId, record.id), ...reports]);
      await deps.imports.remove(userId, record.id);
      imports += 1;
    }
    cursor = page.cursor ?? undefined;
  } while (cursor);
  for (const mapping of await deps.mappings.list(userId)) {
    if (over()) return { imports, mappings, done: false };
    if (await deps.mappings.delete(userId, mapping.mappingId)) mappings += 1;
  }
  return { imports, mappings, done: true };
}
