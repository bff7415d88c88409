import { DEMO } from './demo';
import { ForbiddenError, UnauthenticatedError } from './errors';

/** Who is calling, derived only from a verified token (docs/architecture.md#34-tenancy). */
export type Actor =
  | { kind: 'anonymous' }
  | {
      kind: 'user';
      userId: string;
      email?: string;
      isSuperuser: boolean;
      isDemo: boolean;
      /**
       * Set while a superuser impersonates this user (an audited, server-recorded grant):
       * the call acts as `userId`, and writes are recorded against the real person here.
       */
      impersonator?: Impersonator;
      /**
       * Set on a store API call (`auth: 'apiKey'` routes): the call runs as the key's store
       * (`userId`) and this is the key (docs/product/store-api.md#authentication).
       */
      apiKeyId?: string;
    };

export interface Impersonator {
  userId: string;
  email?: string;
  impersonationId: string;
}

export type UserActor = Extract<Actor, { kind: 'user' }>;

export const ANONYMOUS: Actor = { kind: 'anonymous' };
export const SUPERUSER_GROUP = 'superusers';
export const DEMO_USER_PREFIX = 'demo-';
/**
 * The read-only identity behind Try Demo: a real Cognito user in this group acts as the
 * demo store (`DEMO.userId`), so its token reads the seeded sample data and every write
 * is refused by `requireWriter`.
 */
export const DEMO_GROUP = 'demo';
/** The refusal of every demo write (docs/product/demo-mode.md#read-only-rule); the SPA shows its demo toast for it. */
export const DEMO_MODE_MESSAGE = 'Demo users cannot save changes.';
export const DEMO_MODE_CODE = 'DEMO_MODE';

type Claims = Record<string, unknown>;

/**
 * API Gateway's JWT authorizer hands claims over as strings; `cognito:groups` arrives
 * as "[a b]" there but as an array when we verify a token ourselves.
 */
function groupsOf(claims: Claims): string[] {
  const raw = claims['cognito:groups'];
  if (Array.isArray(raw)) return raw.map(String);
  if (typeof raw === 'string')
    return raw
      .replace(/^\[|\]$/g, '')
      .split(/[\s,]+/)
      .filter(Boolean);
  return [];
}

export function actorFromClaims(claims: Claims | undefined): Actor {
  const sub = claims?.sub;
  if (typeof sub !== 'string' || sub === '') return ANONYMOUS;
  const email = typeof claims?.email === 'string' ? claims.email : undefined;
  const groups = groupsOf(claims ?? {});
  if (groups.includes(DEMO_GROUP))
    return { kind: 'user', userId: DEMO.userId, email: DEMO.email, isSuperuser: false, isDemo: true };
  return {
    kind: 'user',
    userId: sub,
    email,
    isSuperuser: groups.includes(SUPERUSER_GROUP),
    isDemo: sub.startsWith(DEMO_USER_PREFIX),
  };
}

/**
 * What the API-key authorizer hands the route (its context, API Gateway's
 * `requestContext.authorizer.lambda`): the key's store and id when the key is valid, else
 * why not. Nothing else ever makes an API-key actor.
 */
export interface ApiKeyContext {
  userId?: string;
  apiKeyId?: string;
  /** Why the key was refused: `missing`, `malformed`, `unknown` (revoked keys are unknown) or `closing` (its account). */
  invalid?: string;
}

export function actorFromApiKey(context: ApiKeyContext | undefined): UserActor | null {
  const { userId, apiKeyId } = context ?? {};
  if (typeof userId !== 'string' || userId === '' || typeof apiKeyId !== 'string' || apiKeyId === '')
    return null;
  // The demo store's seeded keys have no known secret; were one ever used, it still writes nothing.
  return { kind: 'user', userId, isSuperuser: false, isDemo: userId === DEMO.userId, apiKeyId };
}

export function requireUser(actor: Actor): UserActor {
  if (actor.kind !== 'user') throw new UnauthenticatedError();
  return actor;
}

/** A signed-in user who may write: demo users read everything but write nothing (docs/product/demo-mode.md#read-only-rule). */
export function requireWriter(actor: Actor): UserActor {
  const user = requireUser(actor);
  if (user.isDemo) throw new ForbiddenError(DEMO_MODE_MESSAGE, DEMO_MODE_CODE);
  return user;
}

export function requireSuperuser(actor: Actor): UserActor {
  const user = requireUser(actor);
  if (!user.isSuperuser)
    throw new ForbiddenError('Only superusers can change this setting.', 'SUPERUSER_REQUIRED');
  return user;
}
