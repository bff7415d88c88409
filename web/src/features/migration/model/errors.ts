import { ApiError } from '@sneakers/shared/api-client';

/**
 * The refusals the import and export routes answer with a code the screen explains in the
 * user's language (docs/product/migration-tools.md#limits); any other code shows the
 * server's own message.
 */
export const EXPLAINED_CODES = [
  'FILE_EMPTY',
  'FILE_BINARY',
  'FILE_TYPE',
  'FILE_TOO_LARGE',
  'FILE_MISSING',
  'FILE_UNREADABLE',
  'TOO_MANY_ROWS',
  'UNCLOSED_QUOTE',
  'HEADER_ONLY',
  'NO_HEADERS',
  'DUPLICATE_HEADERS',
  'MAPPING_INVALID',
  'MAPPINGS_FULL',
  'IMPORT_STARTED',
  'IMPORT_VALIDATING',
  'IMPORT_NOT_MAPPED',
  'IMPORT_NOT_RUNNING',
  'IMPORT_NOT_PAUSED',
  'IMPORT_NOT_UNDOABLE',
  'EXPORT_RUNNING',
  'EXPORT_EXPIRED',
  'EXPORT_NOT_READY',
  'UPLOAD_FAILED',
] as const;
export type ExplainedCode = (typeof EXPLAINED_CODES)[number];

const explained = new Set<string>(EXPLAINED_CODES);

export function isExplained(code: string): code is ExplainedCode {
  return explained.has(code);
}

export interface ErrorText {
  /** The i18n key of the explanation, when the code has one. */
  key: ExplainedCode | null;
  /** The server's message: the detail (which headers are duplicated, say). */
  detail: string | null;
}

/** What to tell the user about a failed call, or a failed import's stored error. */
export function errorText(error: unknown): ErrorText {
  if (error instanceof ApiError) {
    return { key: isExplained(error.code) ? error.code : null, detail: error.message || null };
  }
  if (error && typeof error === 'object' && 'code' in error && typeof error.code === 'string') {
    const message = 'message' in error && typeof error.message === 'string' ? error.message : null;
    return { key: isExplained(error.code) ? error.code : null, detail: message };
  }
  return { key: null, detail: null };
}
