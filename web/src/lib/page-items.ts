import type { InfiniteData } from '@tanstack/react-query';
import type { CursorPage } from './paged-query';

/** The items of every loaded page, in order (routes name their item arrays differently). */
export function pageItems<TPage, T>(
  data: InfiniteData<TPage, unknown> | undefined,
  items: (page: TPage) => readonly T[],
): T[] {
  return data?.pages.flatMap(items) ?? [];
}

/** Every item of a cursor-paged route, page after page (exports, pickers). */
export async function fetchAllPages<TPage extends CursorPage, T>(
  fetchPage: (cursor: string | undefined) => Promise<TPage>,
  items: (page: TPage) => readonly T[],
): Promise<T[]> {
  const all: T[] = [];
  let cursor: string | undefined;
  do {
    const page = await fetchPage(cursor);
    all.push(...items(page));
    cursor = page.cursor ?? undefined;
  } while (cursor);
  return all;
}
