import { createContext, useContext, type ReactNode } from 'react';
// By module, not the @sneakers/shared index: the shared list's first paint loads this
// file, and the index would bring every contract of the app with it.
import { createApiClient, type ApiCall } from '@sneakers/shared/api-client';
import type { RuntimeConfig } from '@sneakers/shared/contracts/runtime-config';
import { withFieldTexts } from './field-errors';

export interface AppRuntime {
  config: RuntimeConfig;
  api: ApiCall;
}

const RuntimeContext = createContext<AppRuntime | null>(null);

export interface RuntimeHooks {
  /** Extra headers of every API call, read at call time (the impersonation token). */
  headers?: () => Record<string, string>;
  /** Told of every failed API call before the caller sees it (an ended impersonation). */
  onError?: (error: unknown) => void;
}

export function createRuntime(
  config: RuntimeConfig,
  getToken: () => Promise<string | undefined> | string | undefined,
  fetchImpl?: typeof fetch,
  hooks: RuntimeHooks = {},
): AppRuntime {
  const baseFetch = fetchImpl ?? globalThis.fetch.bind(globalThis);
  const { headers, onError } = hooks;
  const withHeaders: typeof fetch = headers
    ? (input, init) => {
        const extra = Object.entries(headers());
        if (extra.length === 0) return baseFetch(input, init);
        const merged = new Headers(init?.headers);
        for (const [name, value] of extra) merged.set(name, value);
        return baseFetch(input, { ...init, headers: merged });
      }
    : baseFetch;
  const api = createApiClient({ baseUrl: config.apiBaseUrl, getToken, fetch: withHeaders });
  const call: ApiCall = async (contract, input) => {
    try {
      return await api(contract, input);
    } catch (error) {
      const shown = withFieldTexts(error);
      onError?.(shown);
      throw shown;
    }
  };
  return { config, api: call };
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
