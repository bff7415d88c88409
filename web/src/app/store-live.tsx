import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { RuntimeConfig } from '@sneakers/shared/contracts/runtime-config';
import { shopDemoText } from '../features/shop';
import { createRuntime, RuntimeProvider } from '../lib/api';
import { createQueryClient } from './query-client';

/**
 * store.html's API client and query cache: loaded with the shop's data layer after the first
 * paint, so TanStack Query, zod and the client are not in the page's initial JavaScript.
 */
export function storeProviders(config: RuntimeConfig) {
  const runtime = createRuntime(config, () => undefined);
  const queryClient = createQueryClient(shopDemoText);
  return function StoreProviders({ children }: { children: ReactNode }) {
    return (
      <RuntimeProvider runtime={runtime}>
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </RuntimeProvider>
    );
  };
}
