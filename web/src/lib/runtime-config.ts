import { runtimeConfigSchema, type RuntimeConfig } from '@sneakers/shared';

/** Fetches and validates `/config.json`, written next to index.html by the web stack. */
export async function loadRuntimeConfig(
  fetchImpl: typeof fetch = globalThis.fetch.bind(globalThis),
): Promise<RuntimeConfig> {
  const response = await fetchImpl('/config.json', {
    cache: 'no-store',
    headers: { accept: 'application/json' },
  });
  if (!response.ok) throw new Error(`config.json answered ${response.status}`);
  return runtimeConfigSchema.parse(await response.json());
}
