import * as z from 'zod/mini';

/**
 * Paging, shared by every list route, repository and the SPA: a page of items and an
 * opaque cursor for the next one (null on the last page). Cursors are issued by the
 * server only; the server refuses one it did not issue (shared/src/table/paging.ts).
 */
export interface Page<T> {
  items: T[];
  cursor: string | null;
}

export interface PageRequest {
  cursor?: string | undefined;
  limit?: number | undefined;
}

/** Longest cursor a route accepts: the largest real one is a few hundred characters. */
export const MAX_CURSOR_LENGTH = 2000;

/** The `cursor` and `limit` query parameters of a list route. */
export function pageQuery(maxLimit: number) {
  return {
    cursor: z.optional(z.string().check(z.maxLength(MAX_CURSOR_LENGTH))),
    limit: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(maxLimit))),
  };
}

/** The response shape of a list route: `{ [key]: T[], cursor }`. */
export const cursorField = { cursor: z.nullable(z.string()) };

/** Maps a page's items, keeping its cursor. */
export function mapPage<T, U>(page: Page<T>, map: (item: T) => U): Page<U> {
  return { items: page.items.map(map), cursor: page.cursor };
}
