import { createApiClient, startDemoSession, type RuntimeConfig } from '@sneakers/shared';
import { storage } from '../storage';
import { DEMO_SESSION_STORAGE_KEY } from './demo-mode';

/**
 * The access token of the read-only demo identity (POST /api/demo/session). Kept until a
 * minute before it expires, so a reload or a second tab reuses it; parallel requests share
 * one sign-in. Every section reads the demo store's sample data with it, and every write
 * answers 403 DEMO_MODE.
 */
const RENEW_BEFORE_MS = 60_000;

interface StoredSession {
  accessToken: string;
  expiresAt: string;
}

function storedSession(): StoredSession | null {
  const raw = storage.get(DEMO_SESSION_STORAGE_KEY);
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (
      typeof parsed === 'object' &&
      parsed !== null &&
      'accessToken' in parsed &&
      'expiresAt' in parsed &&
      typeof parsed.accessToken === 'string' &&
      typeof parsed.expiresAt === 'string'
    )
      return { accessToken: parsed.accessToken, expiresAt: parsed.expiresAt };
  } catch {
    // A damaged entry is as good as none.
  }
  return null;
}

let pending: Promise<string> | null = null;

export function demoAccessToken(config: RuntimeConfig, fetchImpl?: typeof fetch): Promise<string> {
  const stored = storedSession();
  if (stored && Date.parse(stored.expiresAt) - Date.now() > RENEW_BEFORE_MS)
    return Promise.resolve(stored.accessToken);
  pending ??= createApiClient({ baseUrl: config.apiBaseUrl, ...(fetchImpl ? { fetch: fetchImpl } : {}) })(
    startDemoSession,
    {},
  )
    .then((session) => {
      storage.set(DEMO_SESSION_STORAGE_KEY, JSON.stringify(session));
      return session.accessToken;
    })
    .finally(() => {
      pending = null;
    });
  return pending;
}
