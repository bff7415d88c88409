import type { OpenBytes } from './readers';

/** The uploads bucket, as imports need it (files/storage.ts on S3, an in-memory one in unit tests). */
export interface ImportFiles {
  /** A presigned PUT whose Content-Type and Content-Length are signed (the upload must be what was announced). */
  presignPut(input: {
    key: string;
    contentType: string;
    size: number;
    expiresInSeconds: number;
  }): Promise<{ url: string; headers: Record<string, string> }>;
  /** The stored object's size, or null when nothing was uploaded. */
  size(key: string): Promise<number | null>;
  /** The object's bytes, streamed from the start on each call. */
  open(key: string): OpenBytes;
  put(key: string, body: string, contentType: string): Promise<void>;
  /** Deletes the objects; a key with no object is no error (a retry deletes again). */
  delete(keys: readonly string[]): Promise<void>;
  /** A short-lived link to download the object as `fileName`. */
  presignGet(key: string, fileName: string, expiresInSeconds: number): Promise<string>;
}

/** Where an import's files live: `imports/{userId}/{importId}/...` (expired by a lifecycle rule after 7 days). */
export const importPrefix = (userId: string, importId: string) => `imports/${userId}/${importId}/`;
export const sourceKey = (userId: string, importId: string) => `${importPrefix(userId, importId)}source`;
export const errorReportKey = (userId: string, importId: string) =>
  `${importPrefix(userId, importId)}errors.csv`;
