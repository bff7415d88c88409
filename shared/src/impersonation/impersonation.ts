import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { DEMO_USER_PREFIX, type UserActor } from '../actor';
import { ForbiddenError } from '../errors';
import type { DocumentClient } from '../table/client';
import { impersonationView } from '../views/impersonation-view';
import { impersonationTokenHash } from './token-hash';

/**
 * Impersonation as the HTTP pipeline of every service applies it (docs/adr/0010). The admin
 * service issues a random 128-bit token and stores only its SHA-256 (a leaked table row
 * cannot be replayed as a header); the SPA sends the token in `x-impersonation`; here the
 * verified caller becomes the target, but only while the grant is theirs, unexpired and
 * not stopped.
 */

export const IMPERSONATION_INVALID_CODE = 'IMPERSONATION_INVALID';
export const IMPERSONATION_INVALID_MESSAGE = 'This impersonation has ended or is not yours.';

/** Far longer than any token the admin service issues; anything longer is not worth hashing. */
const MAX_TOKEN_LENGTH = 256;

export { impersonationTokenHash } from './token-hash';

/** What the pipeline needs of a grant (the admin service's `impersonationGrant` row). */
export interface ImpersonationGrant {
  id: string;
  superuserId: string;
  superuserEmail?: string;
  targetUserId: string;
  targetEmail?: string;
  expiresAt: string;
  stoppedAt?: string;
}

export interface ImpersonationGrants {
  /** The grant stored under this token hash, read consistently (a stop is seen at once). */
  find(tokenHash: string): Promise<ImpersonationGrant | null>;
}

export function createImpersonationGrants(client: DocumentClient, table: string): ImpersonationGrants {
  return {
    async find(tokenHash) {
      const { Key } = impersonationView.get({ tokenHash }).params({ table });
      const out = await client.send(new GetCommand({ TableName: table, Key, ConsistentRead: true }));
      if (!out.Item) return null;
      const { data } = impersonationView.parse({ Item: out.Item });
      if (!data) return null;
      return {
        id: data.id,
        superuserId: data.superuserId,
        superuserEmail: data.superuserEmail,
        targetUserId: data.targetUserId,
        targetEmail: data.targetEmail,
        expiresAt: data.expiresAt,
        stoppedAt: data.stoppedAt,
      };
    },
  };
}

const invalid = () => new ForbiddenError(IMPERSONATION_INVALID_MESSAGE, IMPERSONATION_INVALID_CODE);

/**
 * The actor a call runs as: the grant's target, with the verified caller recorded as the
 * impersonator. Refused (403 IMPERSONATION_INVALID) unless the grant exists, belongs to this
 * caller, the caller is still a superuser (the group is read from the token, so removing
 * someone from it ends their impersonations), and it is neither stopped nor expired.
 */
export function actAs(caller: UserActor, grant: ImpersonationGrant | null, now: Date): UserActor {
  if (!grant) throw invalid();
  if (grant.superuserId !== caller.userId || !caller.isSuperuser || caller.impersonator) throw invalid();
  if (grant.stoppedAt) throw invalid();
  const expires = Date.parse(grant.expiresAt);
  if (!Number.isFinite(expires) || now.getTime() >= expires) throw invalid();
  return {
    kind: 'user',
    userId: grant.targetUserId,
    email: grant.targetEmail,
    isSuperuser: false,
    // The read-only demo store stays read-only whoever acts as it.
    isDemo: grant.targetUserId.startsWith(DEMO_USER_PREFIX),
    // Access tokens carry no email: the grant recorded the superuser's when it was issued.
    impersonator: {
      userId: caller.userId,
      email: caller.email ?? grant.superuserEmail,
      impersonationId: grant.id,
    },
  };
}

/** Resolves the header's token to the actor the call runs as (one consistent GetItem). */
export async function impersonate(
  grants: ImpersonationGrants,
  caller: UserActor,
  token: string,
  now: Date,
): Promise<UserActor> {
  const trimmed = token.trim();
  // A non-superuser's header is refused without a read: no grant can be theirs.
  if (trimmed === '' || trimmed.length > MAX_TOKEN_LENGTH || !caller.isSuperuser) throw invalid();
  return actAs(caller, await grants.find(impersonationTokenHash(trimmed)), now);
}
