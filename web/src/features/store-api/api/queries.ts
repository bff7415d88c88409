import { useQuery } from '@tanstack/react-query';
import { listApiKeys } from '@sneakers/shared/contracts/store-api';
import { useApi } from '../../../lib/api';

/** The first element is what the realtime `invalidate` frames name. */
export const storeApiKeys = {
  all: ['storeApi'] as const,
  keys: () => ['storeApi', 'keys'] as const,
};

export function useApiKeys() {
  const api = useApi();
  return useQuery({ queryKey: storeApiKeys.keys(), queryFn: ({ signal }) => api(listApiKeys, { signal }) });
}
