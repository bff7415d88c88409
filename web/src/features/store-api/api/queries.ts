import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createApiKey, listApiKeys, revokeApiKey, type ApiKey } from '@sneakers/shared/contracts/store-api';
import { useApi } from '../../../lib/api';

/** The first element is what the realtime `invalidate` frames name. */
export const storeApiKeys = {
  all: ['storeApi'] as const,
  keys: () => ['storeApi', 'keys'] as const,
};

/** The store's keys, newest first (the API's order is not assumed). */
export function useApiKeys() {
  const api = useApi();
  return useQuery({
    queryKey: storeApiKeys.keys(),
    queryFn: async ({ signal }) => {
      const { keys } = await api(listApiKeys, { signal });
      return [...keys].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
    },
  });
}

export function useCreateApiKey() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ name, idempotencyKey }: { name: string; idempotencyKey: string }) =>
      api(createApiKey, { body: { name }, idempotencyKey }),
    onSuccess: ({ key }) => {
      queryClient.setQueryData<ApiKey[]>(storeApiKeys.keys(), (keys) => [key, ...(keys ?? [])]);
      void queryClient.invalidateQueries({ queryKey: storeApiKeys.keys() });
    },
  });
}

export function useRevokeApiKey() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (keyId: string) => api(revokeApiKey, { params: { keyId } }),
    onSuccess: ({ key }) => {
      queryClient.setQueryData<ApiKey[]>(storeApiKeys.keys(), (keys) =>
        keys?.map((k) => (k.id === key.id ? key : k)),
      );
      void queryClient.invalidateQueries({ queryKey: storeApiKeys.keys() });
    },
  });
}
