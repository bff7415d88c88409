import type { Clock } from '@sneakers/shared/clock';
import type { DataImport, ImportSource, PreviewRowStatus } from '@sneakers/shared/contracts/migration';
import type { PortableKind } from '@sneakers/shared/contracts/portability';
import type { IdGenerator } from '@sneakers/shared/ids';
import type { Page, PageRequest } from '@sneakers/shared/paging/page';
import type { PortabilityClient } from '@sneakers/shared/portability/client';
import type { OutboxEvent } from '@sneakers/shared/table/outbox';
import type { ImportFiles } from '../files/ports';
import type { CsvDialect } from '../files/readers';
import type { MappingsRepository } from '../mappings/ports';

/** An import as stored: the contract's fields plus what only the service needs. */
export interface ImportRecord extends Omit<DataImport, 'importId'> {
  ownerUserId: string;
  id: string;
  /** The header row's cells once mapped. */
  headers: string[] | null;
  dialect: CsvDialect | null;
  startKey: string | null;
  /** The owner's `undo` cursor between pages of an undo. */
  undoCursor: string | null;
  /** The stored error report's object key. */
  errorReport: string | null;
  /** Rows of the read sheet (all of them, the header row's and those above it too), once known. */
  sheetRows: number | null;
  /**
   * The validation's checkpoint: the sheet's next row to read (0-based, blank rows counted as
   * the reader hands them over). The rows before it are stored and counted in `rows`.
   */
  validateLine: number | null;
  version: number;
}

/** A row as read from the file and validated, before the user's fixes. */
export interface StoredRow {
  row: number;
  /** Portable field → the cell's text. */
  values: Record<string, string>;
  errors: Record<string, string[]>;
  /** `skipped` when the row holds nothing to import (skipReason says why). */
  status: PreviewRowStatus;
  skipReason: string | null;
  /** The catalogue product its style code names, when one does. */
  productCatalogId: string | null;
  catalog: 'matched' | 'not_matched' | null;
}

export interface RowFix {
  row: number;
  /** The cells the user changed (portable field → text). */
  values: Record<string, string>;
  skip: boolean;
  /** The catalogue match after the fix (the style code may have changed). */
  catalog: 'matched' | 'not_matched' | null;
  productCatalogId: string | null;
  updatedAt: string;
}

export interface RowFailure {
  row: number;
  code: string;
  message: string;
  fields: Record<string, string[]> | null;
}

export type Saved = 'committed' | 'stale';

export interface ImportsRepository {
  create(record: ImportRecord): Promise<void>;
  get(userId: string, importId: string): Promise<ImportRecord | null>;
  list(userId: string, page: PageRequest): Promise<Page<ImportRecord>>;
  /**
   * Writes `next` (version + 1) when the stored version is still `next.version - 1`, with an
   * event in the same transaction, the job's active marker put (heartbeat) or removed, and
   * failures of rows. 'stale' when the import changed meanwhile.
   */
  save(
    next: ImportRecord,
    extra?: { event?: OutboxEvent; active?: 'put' | 'remove'; failures?: RowFailure[]; fix?: RowFix },
  ): Promise<Saved>;
  /** Replaces the stored rows (a new mapping): the old chunks, fixes and failures go. */
  clearRows(userId: string, importId: string): Promise<void>;
  /**
   * Stores a chunk (keyed by its first row: written again, it replaces itself); with
   * `expectedVersion`, only while the import still has that version ('stale' otherwise).
   */
  putChunk(userId: string, importId: string, rows: StoredRow[], expectedVersion?: number): Promise<Saved>;
  /** Chunks from the one holding `fromRow`, in row order, at most `maxChunks`. */
  chunksFrom(userId: string, importId: string, fromRow: number, maxChunks: number): Promise<StoredRow[][]>;
  fixes(userId: string, importId: string, fromRow: number, toRow: number): Promise<Map<number, RowFix>>;
  failures(userId: string, importId: string): AsyncIterable<RowFailure[]>;
  /**
   * Deletes the import with everything stored for it (rows, fixes, failures, the job's
   * marker), the import's own record last; nothing to delete is no error.
   */
  remove(userId: string, importId: string): Promise<void>;
  /** Jobs that should run and whose heartbeat is older than `before`. */
  staleJobs(before: string): Promise<{ userId: string; importId: string }[]>;
}

/** The catalogue's style codes (the SKU claim rows): style-code key → product id. */
export interface CatalogMatcher {
  match(skuKeys: readonly string[]): Promise<Map<string, string>>;
}

export interface ImportDeps {
  imports: ImportsRepository;
  mappings: MappingsRepository;
  files: ImportFiles;
  catalog: CatalogMatcher;
  portability: PortabilityClient;
  clock: Clock;
  ids: IdGenerator;
}

export type { ImportSource, PortableKind };
