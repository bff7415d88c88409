import { API_KEY_LOOKUP_CACHE_SECONDS } from '@sneakers/shared/rules/store-api-limits';
import type { ResolvedKey } from './ports';

/**
 * The per-container cache of key lookups (hash → key), API_KEY_LOOKUP_CACHE_SECONDS long:
 * a warm authorizer resolves a key it saw recently without a read. Only found keys are
 * kept (a miss is never cached, so a new key works at once). A revocation forgets the key
 * in the container that revoked it; in the local cloud that is the one the gateway's
 * authorizer runs in, so a revocation bites at once there. In AWS other containers keep it
 * for the TTL (docs/adr/0023: the revocation bound).
 */
const TTL_MS = API_KEY_LOOKUP_CACHE_SECONDS * 1000;
const LIMIT = 1_000;
const entries = new Map<string, { key: ResolvedKey; expiresAt: number }>();

export function cachedKey(keyHash: string, nowMs: number): ResolvedKey | undefined {
  const entry = entries.get(keyHash);
  if (!entry) return undefined;
  if (entry.expiresAt <= nowMs) {
    entries.delete(keyHash);
    return undefined;
  }
  return entry.key;
}

export function cacheKey(keyHash: string, key: ResolvedKey, nowMs: number): void {
  entries.delete(keyHash);
  entries.set(keyHash, { key, expiresAt: nowMs + TTL_MS });
  if (entries.size > LIMIT) entries.delete(entries.keys().next().value as string);
}

export function forgetKey(keyId: string): void {
  for (const [hash, entry] of entries) if (entry.key.keyId === keyId) entries.delete(hash);
}
