import { useInfiniteQuery } from '@tanstack/react-query';
import { listDataImports, type ApiCall } from '@sneakers/shared';
import { useApi } from '../../../lib/api';
import { cursorPagesOptions } from '../../../lib/paged-query';

/** The first element is what the realtime `invalidate` frames name. */
export const migrationKeys = {
  all: ['migration.imports'] as const,
  list: () => ['migration.imports', 'list'] as const,
};

export const IMPORTS_PAGE_SIZE = 50;

/** The caller's imports, newest first, a page per fetch. */
export function importsOptions(api: ApiCall) {
  return cursorPagesOptions({
    queryKey: migrationKeys.list(),
    fetchPage: (cursor, signal) =>
      api(listDataImports, { query: { cursor, limit: IMPORTS_PAGE_SIZE }, signal }),
  });
}

export function useImports() {
  const api = useApi();
  return useInfiniteQuery(importsOptions(api));
}
