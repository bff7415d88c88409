import { useQuery } from '@tanstack/react-query';
import { getStorefrontSetup, type ApiCall } from '@sneakers/shared';
import { useApi } from '../../../lib/api';

/** The first element is what the realtime `invalidate` frames name. */
export const storefrontKeys = {
  all: ['storefront.setup'] as const,
  setup: () => ['storefront.setup', 'get'] as const,
};

export function setupOptions(api: ApiCall) {
  return {
    queryKey: storefrontKeys.setup(),
    queryFn: ({ signal }: { signal: AbortSignal }) => api(getStorefrontSetup, { signal }),
  };
}

export function useStorefrontSetup() {
  const api = useApi();
  return useQuery(setupOptions(api));
}
