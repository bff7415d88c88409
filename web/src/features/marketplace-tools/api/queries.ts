import { useQuery, type QueryClient } from '@tanstack/react-query';
import { lastScraperRun, listImports, type ApiCall } from '@sneakers/shared';
import { useApi } from '../../../lib/api';
import { retryUnlessRefused } from '../model/errors';

/** The first element is what the realtime `invalidate` frames name. */
export const toolsKeys = {
  lastRun: ['marketplace-tools.scraper', 'last-run'] as const,
  imports: ['marketplace-tools.imports'] as const,
  importList: () => ['marketplace-tools.imports', 'list'] as const,
};

/** Recent imports shown by the data-population section. */
export const RECENT_IMPORTS = 10;

export function lastRunOptions(api: ApiCall) {
  return {
    queryKey: toolsKeys.lastRun,
    queryFn: ({ signal }: { signal: AbortSignal }) => api(lastScraperRun, { signal }),
    retry: retryUnlessRefused,
  };
}

/** The scraper's last run (manual or scheduled); also the page's superuser probe. */
export function useLastScraperRun() {
  const api = useApi();
  return useQuery(lastRunOptions(api));
}

/** The newest imports first; also the section's superuser probe. */
export function useImports() {
  const api = useApi();
  return useQuery({
    queryKey: toolsKeys.importList(),
    queryFn: ({ signal }) => api(listImports, { query: { limit: RECENT_IMPORTS }, signal }),
    retry: retryUnlessRefused,
  });
}

/** Saved or imported products change what the catalogue screens show. */
export function invalidateCatalog(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: (query) => {
      const head = query.queryKey[0];
      return typeof head === 'string' && head.startsWith('catalog');
    },
  });
}
