import type { Clock } from '@sneakers/shared/clock';
import type { ExportStatus } from '@sneakers/shared/contracts/migration';
import type { IdempotencyClaim, IdempotencyStore } from '@sneakers/shared/idempotency/idempotency';
import type { IdGenerator } from '@sneakers/shared/ids';
import type { PortabilityClient } from '@sneakers/shared/portability/client';
import type { buildEvent, migrationExportReady, migrationExportRequested } from '@sneakers/events';

/** An export as the use cases see it (./export-entity.ts, absent attributes as null). */
export interface DataExportRecord {
  userId: string;
  exportId: string;
  status: ExportStatus;
  /** Records written so far, by portable kind. */
  records: Record<string, number>;
  files: number;
  bytes: number | null;
  archiveKey: string;
  createdAt: string;
  updatedAt: string;
  readyAt: string | null;
  expiresAt: string | null;
  error: { code: string; message: string } | null;
}

export type ExportRequestedEvent = ReturnType<typeof buildEvent<typeof migrationExportRequested.data>>;
export type ExportReadyEvent = ReturnType<typeof buildEvent<typeof migrationExportReady.data>>;

export interface ExportsRepository {
  /** The owner's exports, newest first (at most `limit`). */
  list(userId: string, limit: number): Promise<DataExportRecord[]>;
  get(userId: string, exportId: string): Promise<DataExportRecord | null>;
  /**
   * One transaction: the idempotency claim, the user's export lock (absent, or taken before
   * `staleBefore`), the export and its event. 'duplicate' when a parallel request with the
   * same key won, 'running' when another export holds the lock.
   */
  create(
    record: DataExportRecord,
    staleBefore: string,
    claim: IdempotencyClaim,
    event: ExportRequestedEvent,
  ): Promise<'committed' | 'duplicate' | 'running'>;
  /** The worker's progress (records per kind, files copied). */
  progress(
    userId: string,
    exportId: string,
    records: Record<string, number>,
    files: number,
    at: string,
  ): Promise<void>;
  /** Ends a build (ready or failed), releases the lock, and writes the ready event with a ready export. */
  finish(record: DataExportRecord, ready: ExportReadyEvent | null): Promise<void>;
  /** Removes every export row (and the lock) of the user; answers the archive keys they named. */
  eraseAll(userId: string): Promise<string[]>;
}

/** One file of the archive being written: text or bytes, in order, then end. */
export interface ArchiveEntry {
  write(chunk: string | Uint8Array): Promise<void>;
  end(): Promise<void>;
}

/** A zip archive streamed to storage as it is written (entries one after another). */
export interface ArchiveWriter {
  entry(name: string): ArchiveEntry;
  /** Ends the archive and the upload; answers its size in bytes. */
  close(): Promise<number>;
  /** Gives the upload up (a failed build leaves no partial archive). */
  abort(): Promise<void>;
}

export interface ExportStorage {
  /** Starts streaming a private archive to `key` in the uploads bucket. */
  openArchive(key: string): Promise<ArchiveWriter>;
  /** An uploaded file of the bucket by key, streamed, or null when it is not there. */
  readUpload(key: string): Promise<AsyncIterable<Uint8Array> | null>;
  /** The key of an uploaded file from its public URL, or null when the URL is not under the media base. */
  uploadKeyOf(url: string): string | null;
  /** A GET link valid for `seconds`, downloading as `fileName`. */
  presignGet(key: string, seconds: number, fileName: string): Promise<string>;
  /** Deletes the objects (absent ones are fine). */
  deleteObjects(keys: string[]): Promise<void>;
}

export interface ExportsDeps {
  repo: ExportsRepository;
  idempotency: IdempotencyStore;
  storage: ExportStorage;
  portability: PortabilityClient;
  clock: Clock;
  ids: IdGenerator;
}
