import type * as z from 'zod/mini';
import { requireUser, requireWriter, type Actor } from '@sneakers/shared/actor';
import { DAY_MS } from '@sneakers/shared/clock';
import { amount, positiveAmount } from '@sneakers/shared/contracts/fields';
import { dataExportSchema, EXPORT_LINK_DAYS, type DataExport } from '@sneakers/shared/contracts/migration';
import {
  PORTABLE_KINDS,
  portableSchemaOf,
  type ExportedRecord,
  type PortableKind,
} from '@sneakers/shared/contracts/portability';
import { AppError, ConflictError, NotFoundError } from '@sneakers/shared/errors';
import { beginIdempotent } from '@sneakers/shared/idempotency/idempotency';
import { neutraliseFormula } from '@sneakers/shared/rules/spreadsheet-cells';
import { buildEvent, migrationExportReady, migrationExportRequested } from '@sneakers/events';
import { loadPapaParse, type PapaParse } from '../files/spreadsheet-libraries';
import type { ArchiveWriter, DataExportRecord, ExportsDeps } from './ports';

/**
 * Export everything (docs/product/migration-tools.md#export): one archive of every record the
 * user owns, per kind as JSON and CSV, with the uploaded images the records name, built in the
 * background by migration-export and downloadable by its owner for EXPORT_LINK_DAYS.
 */
export const EXPORT_FORMAT_VERSION = 1;
/** Exports the section lists (older ones have expired long ago). */
export const EXPORTS_LISTED = 20;
/** A download link lasts minutes: the emailed link opens the section, which asks for a fresh one. */
export const DOWNLOAD_LINK_SECONDS = 5 * 60;
/** A lock older than the worker's longest run (900 s) belongs to a crashed build. */
export const EXPORT_LOCK_STALE_MS = 20 * 60_000;

export const EXPORT_RUNNING_MESSAGE = 'An export is already being built. Wait for it to finish.';
export const EXPORT_NOT_READY_MESSAGE = 'This export is not ready yet.';
export const EXPORT_EXPIRED_MESSAGE = 'This export has expired. Start a new one.';
export const EXPORT_NOT_FOUND_MESSAGE = 'Export not found.';

export const archiveKeyOf = (userId: string, exportId: string) => `exports/${userId}/${exportId}.zip`;

/** An export as the API shows it: a ready one past its expiry reads as expired. */
export function toDataExport(record: DataExportRecord, now: Date): DataExport {
  const expired =
    record.status === 'ready' && record.expiresAt !== null && Date.parse(record.expiresAt) <= now.getTime();
  return {
    exportId: record.exportId,
    status: expired ? 'expired' : record.status,
    records: record.records,
    files: record.files,
    bytes: record.bytes,
    createdAt: record.createdAt,
    readyAt: record.readyAt,
    expiresAt: record.expiresAt,
    error: record.error,
  };
}

export async function listExports(
  deps: Pick<ExportsDeps, 'repo' | 'clock'>,
  actor: Actor,
): Promise<DataExport[]> {
  const user = requireUser(actor);
  const now = deps.clock.now();
  return (await deps.repo.list(user.userId, EXPORTS_LISTED)).map((r) => toDataExport(r, now));
}

/** Idempotent: a retry with the same Idempotency-Key answers the first export. One building at a time. */
export async function createExport(
  deps: Pick<ExportsDeps, 'repo' | 'idempotency' | 'clock' | 'ids'>,
  actor: Actor,
  headers: Record<string, string>,
): Promise<{ export: DataExport; created: boolean }> {
  const user = requireWriter(actor);
  const now = deps.clock.now();
  const request = await beginIdempotent({
    store: deps.idempotency,
    scope: `migration.export#${user.userId}`,
    headers,
    request: {},
    now,
    result: dataExportSchema,
  });
  if (request.replay) return { export: request.replay, created: false };
  const at = now.toISOString();
  const exportId = deps.ids.next();
  const record: DataExportRecord = {
    userId: user.userId,
    exportId,
    status: 'building',
    records: Object.fromEntries(PORTABLE_KINDS.map((k) => [k, 0])),
    files: 0,
    bytes: null,
    archiveKey: archiveKeyOf(user.userId, exportId),
    createdAt: at,
    updatedAt: at,
    readyAt: null,
    expiresAt: null,
    error: null,
  };
  const shown = toDataExport(record, now);
  const event = buildEvent(
    migrationExportRequested,
    { userId: user.userId, exportId },
    { eventId: deps.ids.next(), occurredAt: at },
  );
  const staleBefore = new Date(now.getTime() - EXPORT_LOCK_STALE_MS).toISOString();
  const outcome = await deps.repo.create(record, staleBefore, request.claim(shown), event);
  if (outcome === 'duplicate') return { export: await request.winner(), created: false };
  if (outcome === 'running') throw new ConflictError(EXPORT_RUNNING_MESSAGE, 'EXPORT_RUNNING');
  return { export: shown, created: true };
}

/** The owner's archive, by a link valid for minutes; nobody else's export is found. */
export async function downloadExport(
  deps: Pick<ExportsDeps, 'repo' | 'storage' | 'clock'>,
  actor: Actor,
  exportId: string,
): Promise<{ url: string }> {
  const user = requireUser(actor);
  const record = await deps.repo.get(user.userId, exportId);
  if (!record) throw new NotFoundError(EXPORT_NOT_FOUND_MESSAGE, 'EXPORT_NOT_FOUND');
  const shown = toDataExport(record, deps.clock.now());
  if (shown.status === 'expired') throw new AppError(410, 'EXPORT_EXPIRED', EXPORT_EXPIRED_MESSAGE);
  if (shown.status !== 'ready') throw new ConflictError(EXPORT_NOT_READY_MESSAGE, 'EXPORT_NOT_READY');
  const day = record.createdAt.slice(0, 10);
  return {
    url: await deps.storage.presignGet(record.archiveKey, DOWNLOAD_LINK_SECONDS, `export-${day}.zip`),
  };
}

/** How many records of each kind the user owns, counted from each owner's `keys` pages. */
export async function getDataSummary(
  deps: Pick<ExportsDeps, 'portability'>,
  actor: Actor,
): Promise<Record<PortableKind, number>> {
  const user = requireUser(actor);
  const counts = await Promise.all(
    PORTABLE_KINDS.map(async (kind) => {
      let total = 0;
      let cursor: string | null = null;
      do {
        const page = await deps.portability.keys({ userId: user.userId, kind, cursor });
        total += page.records.length;
        cursor = page.cursor;
      } while (cursor);
      return [kind, total] as const;
    }),
  );
  return Object.fromEntries(counts) as Record<PortableKind, number>;
}

// ------------------------------------------------------------ the archive's files

type FieldSchema = z.ZodMiniType;

/** The schema under optional/nullable/default wrappers. */
function unwrapped(schema: FieldSchema): FieldSchema {
  let current = schema;
  for (;;) {
    const def: unknown = current._zod.def;
    const inner: unknown =
      typeof def === 'object' && def !== null ? Reflect.get(def, 'innerType') : undefined;
    if (!inner || typeof inner !== 'object') return current;
    current = inner as FieldSchema;
  }
}

/** The portable fields of a kind, in the contract's order: the CSV's headers. */
export function csvFieldsOf(kind: PortableKind): string[] {
  return Object.keys(portableSchemaOf(kind).shape);
}

const amountFieldsByKind = new Map<PortableKind, ReadonlySet<string>>(
  PORTABLE_KINDS.map((kind) => {
    const shape: Record<string, FieldSchema> = portableSchemaOf(kind).shape;
    const amounts = Object.entries(shape)
      .filter(([, schema]) => {
        const inner = unwrapped(schema);
        return inner === amount || inner === positiveAmount;
      })
      .map(([name]) => name);
    return [kind, new Set(amounts)];
  }),
);

/** The fields of a kind holding an amount in cents (written "180.00" in the CSV). */
export function amountFieldsOf(kind: PortableKind): ReadonlySet<string> {
  return amountFieldsByKind.get(kind) ?? new Set();
}

/** Cents as decimal main units, "180.00" (the import's value parser reads them back). */
export function centsText(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** One cell of the CSV: arrays joined with ", ", amounts in main units, text formula-protected. */
export function csvCell(value: unknown, isAmount: boolean): string {
  if (value === null || value === undefined) return '';
  if (isAmount && typeof value === 'number') return centsText(value);
  if (Array.isArray(value)) return neutraliseFormula(value.map((v) => String(v)).join(', '));
  if (typeof value === 'string') return neutraliseFormula(value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return neutraliseFormula(JSON.stringify(value));
}

const csvLine = (papa: PapaParse, cells: string[]) => `${papa.unparse([cells], { newline: '\r\n' })}\r\n`;

export function csvHeaderLine(papa: PapaParse, kind: PortableKind): string {
  return csvLine(papa, csvFieldsOf(kind));
}

export function csvRecordLine(papa: PapaParse, kind: PortableKind, record: Record<string, unknown>): string {
  const amounts = amountFieldsOf(kind);
  return csvLine(
    papa,
    csvFieldsOf(kind).map((field) => csvCell(record[field], amounts.has(field))),
  );
}

/** What `<kind>.json` holds per record: the portable record with its id and times. */
export function jsonRecordOf(exported: ExportedRecord): Record<string, unknown> {
  return {
    id: exported.id,
    createdAt: exported.createdAt,
    updatedAt: exported.updatedAt,
    ...exported.record,
  };
}

/** Where an uploaded file goes in the archive: `files/` and its key in the bucket. */
export const archivePathOfUpload = (key: string) => `files/${key}`;

// ------------------------------------------------------------ the build

/**
 * Builds the archive of a `building` export (the Migration.ExportRequested consumer). Each
 * kind is paged from its owner twice, once for the JSON file and once for the CSV, because a
 * zip's entries follow one another: the archive streams to storage and memory holds a page.
 * Only the keys of the files to copy are kept until the end. A delivery of an export that is
 * no longer building changes nothing; a failure marks the export failed (nothing half-written
 * stays).
 */
export async function buildExport(
  deps: ExportsDeps,
  input: { userId: string; exportId: string },
): Promise<void> {
  const record = await deps.repo.get(input.userId, input.exportId);
  if (!record || record.status !== 'building') return;
  const counts: Record<string, number> = Object.fromEntries(PORTABLE_KINDS.map((k) => [k, 0]));
  let archive: ArchiveWriter | null = null;
  try {
    const papa = await loadPapaParse();
    archive = await deps.storage.openArchive(record.archiveKey);
    const uploads = new Set<string>();
    for (const kind of PORTABLE_KINDS) {
      const json = archive.entry(`${kind}.json`);
      await json.write('[');
      let first = true;
      for await (const exported of exportedRecords(deps, input.userId, kind)) {
        await json.write(`${first ? '\n' : ',\n'}${JSON.stringify(jsonRecordOf(exported))}`);
        first = false;
        counts[kind] = (counts[kind] ?? 0) + 1;
        for (const url of exported.files) {
          const key = deps.storage.uploadKeyOf(url);
          if (key) uploads.add(key);
        }
      }
      await json.write(first ? ']\n' : '\n]\n');
      await json.end();

      const csv = archive.entry(`${kind}.csv`);
      await csv.write(csvHeaderLine(papa, kind));
      for await (const exported of exportedRecords(deps, input.userId, kind))
        await csv.write(csvRecordLine(papa, kind, exported.record));
      await csv.end();
      await deps.repo.progress(input.userId, input.exportId, counts, 0, deps.clock.now().toISOString());
    }

    let files = 0;
    for (const key of [...uploads].sort()) {
      const body = await deps.storage.readUpload(key);
      // A file deleted since the record named it: the record still says where it was.
      if (!body) continue;
      const entry = archive.entry(archivePathOfUpload(key));
      for await (const chunk of body) await entry.write(chunk);
      await entry.end();
      files += 1;
    }

    const now = deps.clock.now();
    const manifest = archive.entry('manifest.json');
    await manifest.write(
      JSON.stringify(
        {
          format: 'sneakers-export',
          version: EXPORT_FORMAT_VERSION,
          exportId: input.exportId,
          createdAt: record.createdAt,
          builtAt: now.toISOString(),
          counts,
          files,
          kinds: Object.fromEntries(
            PORTABLE_KINDS.map((kind) => [kind, { json: `${kind}.json`, csv: `${kind}.csv` }]),
          ),
        },
        null,
        2,
      ),
    );
    await manifest.end();
    const bytes = await archive.close();
    archive = null;

    const readyAt = deps.clock.now();
    const expiresAt = new Date(readyAt.getTime() + EXPORT_LINK_DAYS * DAY_MS).toISOString();
    await deps.repo.finish(
      {
        ...record,
        status: 'ready',
        records: counts,
        files,
        bytes,
        updatedAt: readyAt.toISOString(),
        readyAt: readyAt.toISOString(),
        expiresAt,
      },
      buildEvent(
        migrationExportReady,
        { userId: input.userId, exportId: input.exportId, expiresAt },
        { eventId: `export-ready.${input.exportId}`, occurredAt: readyAt.toISOString() },
      ),
    );
  } catch (error) {
    if (archive) await archive.abort().catch(() => undefined);
    await deps.repo.finish(
      {
        ...record,
        status: 'failed',
        records: counts,
        updatedAt: deps.clock.now().toISOString(),
        error: { code: 'EXPORT_FAILED', message: 'The export could not be built. Try again.' },
      },
      null,
    );
    throw error;
  }
}

async function* exportedRecords(
  deps: Pick<ExportsDeps, 'portability'>,
  userId: string,
  kind: PortableKind,
): AsyncGenerator<ExportedRecord> {
  let cursor: string | null = null;
  do {
    const page = await deps.portability.export({ userId, kind, cursor });
    yield* page.records;
    cursor = page.cursor;
  } while (cursor);
}

/** The account's deletion: every export row and every archive of the user. */
export async function eraseExports(
  deps: Pick<ExportsDeps, 'repo' | 'storage'>,
  userId: string,
): Promise<{ deleted: number }> {
  const keys = await deps.repo.eraseAll(userId);
  await deps.storage.deleteObjects(keys);
  return { deleted: keys.length };
}
