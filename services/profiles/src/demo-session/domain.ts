import { takeOrRefuse } from '@sneakers/shared/rate-limit/rate-limit';
import type { UserProfile } from '@sneakers/shared/contracts/profiles';
import { DEMO } from '@sneakers/shared/demo';
import { profileNotFound, toUserProfile } from '../profiles/domain';
import type { ProfileDeps } from '../profiles/ports';
import type { DemoSessionDeps } from './ports';

/**
 * Try Demo (docs/product/demo-mode.md#try-demo): the visitor gets a real access token of
 * the read-only demo identity, so every section reads the seeded sample data through the
 * same routes a store uses, and every write answers 403 DEMO_MODE (shared/src/actor.ts).
 */

/** Each demo session costs a user-pool sign-in, so one address gets a few per minute. */
export const DEMO_SESSIONS_PER_MINUTE = 20;
export const DEMO_SESSION_LIMITED_MESSAGE =
  'Too many demo sessions from this address. Try again in a minute.';

/** The claims of a JWT the user pool issued (read, not verified: it never came from a caller). */
export function tokenClaims(token: string): Record<string, unknown> {
  const payload: unknown = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'));
  return typeof payload === 'object' && payload !== null ? { ...payload } : {};
}

/** The `exp` claim of a JWT as a date. */
export function tokenExpiry(token: string): Date {
  const { exp } = tokenClaims(token);
  if (typeof exp !== 'number') throw new Error('The user pool issued a token without exp');
  return new Date(exp * 1000);
}

export async function startDemoSession(
  deps: DemoSessionDeps,
  sourceIp: string,
): Promise<{ accessToken: string; expiresAt: string }> {
  await takeOrRefuse(
    deps.limiter,
    `profiles.demoSession#${sourceIp}`,
    { limit: DEMO_SESSIONS_PER_MINUTE, windowMs: 60_000 },
    deps.clock.now(),
    DEMO_SESSION_LIMITED_MESSAGE,
  );
  const accessToken = await deps.identity.signIn();
  return { accessToken, expiresAt: tokenExpiry(accessToken).toISOString() };
}

/** The demo store's profile (docs/product/demo-mode.md#demo-data). */
export async function getDemoProfile(deps: ProfileDeps): Promise<UserProfile> {
  const record = await deps.profiles.get(DEMO.userId);
  if (!record) throw profileNotFound();
  return toUserProfile(record, deps.clock.now());
}
