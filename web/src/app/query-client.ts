import { QueryClient } from '@tanstack/react-query';

/** Data is fresh for 5 minutes and kept 10 (spec section 9). */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 5 * 60_000, gcTime: 10 * 60_000, retry: 1 },
    },
  });
}
