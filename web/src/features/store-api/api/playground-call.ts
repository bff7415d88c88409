import type { PlaygroundRequest, PlaygroundResult } from '../model/playground';
import { parseBody } from '../model/playground';

/**
 * Makes the playground's call with a plain fetch (not the app's API client: no session token, no
 * error mapping): whatever the server answers, 401 and 429 included, is the result to show.
 */
export async function runPlaygroundCall(
  request: PlaygroundRequest,
  apiKey: string,
  idempotencyKey: string | undefined,
): Promise<PlaygroundResult> {
  const headers: Record<string, string> = { 'x-api-key': apiKey, 'Content-Type': 'application/json' };
  if (request.method === 'POST' && idempotencyKey) headers['Idempotency-Key'] = idempotencyKey;
  try {
    const response = await fetch(request.url, { method: request.method, headers, body: request.body });
    const text = await response.text();
    return {
      kind: 'response',
      status: response.status,
      statusText: response.statusText,
      headers: Object.fromEntries(response.headers.entries()),
      body: parseBody(text),
    };
  } catch (error) {
    return {
      kind: 'failure',
      error: 'Request failed',
      details: error instanceof Error ? error.message : String(error),
    };
  }
}
