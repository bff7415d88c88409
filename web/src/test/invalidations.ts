import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { vi } from 'vitest';

/**
 * Records the key of every `invalidateQueries` call on the client (they still run), so a
 * test can check that a write refetches the money figures it moves (lib/money-queries.ts).
 */
export function recordInvalidations(queryClient: QueryClient): QueryKey[] {
  const keys: QueryKey[] = [];
  const invalidate = queryClient.invalidateQueries.bind(queryClient);
  vi.spyOn(queryClient, 'invalidateQueries').mockImplementation((filters, options) => {
    if (filters?.queryKey) keys.push(filters.queryKey);
    return invalidate(filters, options);
  });
  return keys;
}
