import type { RuntimeConfig } from '@sneakers/shared';

/**
 * Checks `/config.json` against the shape of `runtimeConfigSchema` (@sneakers/shared) by
 * hand: the landing page's first load must not carry zod (web/README.md, performance budget).
 */
export function parseRuntimeConfig(json: unknown): RuntimeConfig {
  const fail = (field: string): never => {
    throw new Error(`config.json: ${field} is missing or not valid`);
  };
  const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
  if (!isObject(json)) return fail('the document');
  const text = (obj: Record<string, unknown>, key: string, path = key): string =>
    typeof obj[key] === 'string' ? (obj[key] as string) : fail(path);
  const stage = json.stage === 'local' || json.stage === 'aws' ? json.stage : fail('stage');
  const cognito = isObject(json.cognito) ? json.cognito : fail('cognito');
  const optional = (obj: Record<string, unknown>, key: string, path: string): string | undefined =>
    obj[key] === undefined ? undefined : text(obj, key, path);
  const endpoint = optional(cognito, 'endpoint', 'cognito.endpoint');
  const mailViewerUrl = optional(json, 'mailViewerUrl', 'mailViewerUrl');
  return {
    stage,
    apiBaseUrl: text(json, 'apiBaseUrl'),
    wsUrl: text(json, 'wsUrl'),
    region: text(json, 'region'),
    cognito: {
      userPoolId: text(cognito, 'userPoolId', 'cognito.userPoolId'),
      userPoolClientId: text(cognito, 'userPoolClientId', 'cognito.userPoolClientId'),
      ...(endpoint === undefined ? {} : { endpoint }),
    },
    ...(mailViewerUrl === undefined ? {} : { mailViewerUrl }),
  };
}

/** Fetches and validates `/config.json`, written next to index.html by the web stack. */
export async function loadRuntimeConfig(
  fetchImpl: typeof fetch = globalThis.fetch.bind(globalThis),
): Promise<RuntimeConfig> {
  // Default cache mode, so the `<link rel="preload">` of index.html is used; the server
  // marks the file no-cache (CloudFront) or no-store (local cloud).
  const response = await fetchImpl('/config.json', { headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`config.json answered ${response.status}`);
  return parseRuntimeConfig(await response.json());
}
