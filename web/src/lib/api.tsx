import { createContext, useContext, type ReactNode } from 'react';
import { createApiClient, type ApiCall, type RuntimeConfig } from '@sneakers/shared';

export interface AppRuntime {
  config: RuntimeConfig;
  api: ApiCall;
}

const RuntimeContext = createContext<AppRuntime | null>(null);

export function createRuntime(
  config: RuntimeConfig,
  getToken: () => Promise<string | undefined> | string | undefined,
  fetchImpl?: typeof fetch,
): AppRuntime {
  return {
    config,
    api: createApiClient({
      baseUrl: config.apiBaseUrl,
      getToken,
      ...(fetchImpl ? { fetch: fetchImpl } : {}),
    }),
  };
}

export function RuntimeProvider({ runtime, children }: { runtime: AppRuntime; children: ReactNode }) {
  return <RuntimeContext.Provider value={runtime}>{children}</RuntimeContext.Provider>;
}

function useRuntime(): AppRuntime {
  const runtime = useContext(RuntimeContext);
  if (!runtime) throw new Error('RuntimeProvider is missing');
  return runtime;
}

/** The typed API client (shared contracts) of the running app. */
export function useApi(): ApiCall {
  return useRuntime().api;
}

export function useRuntimeConfig(): RuntimeConfig {
  return useRuntime().config;
}
