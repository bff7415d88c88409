import type { ApiKeyContext } from '@sneakers/shared/actor';
import type { Clock } from '@sneakers/shared/clock';
import { API_KEY_HEADER } from '@sneakers/shared/rules/store-api-limits';
import { cacheKey, cachedKey } from './key-cache';
import { hashApiKey, isWellFormedApiKey } from './key-format';
import type { KeyLookup } from './ports';

/**
 * The HTTP API's Lambda authorizer of `auth: 'apiKey'` routes (payload 2.0, simple
 * responses), also what the local gateway calls before each such route. It always answers
 * `isAuthorized: true` and says in the context who the key is, or why it is not: the route's
 * pipeline then answers 401 API_KEY_INVALID in the product's error model (API Gateway's own
 * refusal would be a bare 403), and builds the actor only from a found key, so no route runs
 * without one. The key is never logged and never leaves this function; only its hash is
 * looked up (docs/adr/0023).
 */
export interface AuthorizerEvent {
  headers?: Record<string, string | undefined> | null;
  identitySource?: string[] | null;
}

export interface AuthorizerResult {
  isAuthorized: boolean;
  context: ApiKeyContext & Record<string, string>;
}

function keyOf(event: AuthorizerEvent): string | undefined {
  for (const [name, value] of Object.entries(event.headers ?? {}))
    if (name.toLowerCase() === API_KEY_HEADER && value) return value.trim();
  return event.identitySource?.find((v) => v)?.trim();
}

export function createApiKeyAuthorizer(deps: () => { lookup: KeyLookup; clock: Clock }) {
  return async function authorize(payload: unknown): Promise<AuthorizerResult> {
    const event = (typeof payload === 'object' && payload !== null ? payload : {}) as AuthorizerEvent;
    const key = keyOf(event);
    if (!key) return { isAuthorized: true, context: { invalid: 'missing' } };
    if (!isWellFormedApiKey(key)) return { isAuthorized: true, context: { invalid: 'malformed' } };
    const hash = hashApiKey(key);
    const { lookup, clock } = deps();
    const nowMs = clock.now().getTime();
    let found = cachedKey(hash, nowMs);
    if (!found) {
      found = (await lookup.findByHash(hash)) ?? undefined;
      // A closing account's key is never cached: cancelling the closure brings it back at once.
      if (found && !found.closing) cacheKey(hash, found, nowMs);
    }
    if (!found) return { isAuthorized: true, context: { invalid: 'unknown' } };
    if (found.closing) return { isAuthorized: true, context: { invalid: 'closing' } };
    return { isAuthorized: true, context: { userId: found.storeUserId, apiKeyId: found.keyId } };
  };
}
