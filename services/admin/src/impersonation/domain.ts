import { requireUser, requireWriter, type Actor } from '@sneakers/shared/actor';
import { auditItem } from '@sneakers/shared/audit/audit-item';
import {
  IMPERSONATION_FORBIDDEN_MESSAGE,
  IMPERSONATION_MINUTES,
  type Impersonation,
} from '@sneakers/shared/contracts/admin';
import { BadRequestError, ForbiddenError, NotFoundError } from '@sneakers/shared/errors';
import { impersonationTokenHash } from '@sneakers/shared/impersonation/token-hash';
import type { GrantRecord, ImpersonationDeps } from './ports';

/**
 * Audited impersonation (docs/product/administration.md#impersonation): pure, storage,
 * clock, ids and tokens injected (`./ports`). Who may do what comes only from the
 * verified token (`actor`); while impersonating, the actor is the target and
 * `actor.impersonator` the superuser behind it.
 */

export const IMPERSONATION_FORBIDDEN = 'IMPERSONATION_FORBIDDEN';
const IMPERSONATION_MS = IMPERSONATION_MINUTES * 60_000;

/**
 * Starts impersonating `targetUserId`: a grant bound to this superuser and the target,
 * valid IMPERSONATION_MINUTES, recorded with its audit entry in one transaction. The token
 * is answered once and only its hash is kept.
 */
export async function startImpersonation(
  deps: ImpersonationDeps,
  actor: Actor,
  input: { targetUserId: string },
): Promise<{ impersonation: Impersonation; token: string }> {
  // A write first: the demo identity gets the demo answer, as on every other write.
  const user = requireWriter(actor);
  // Impersonating from inside an impersonation would chain identities: refused, whatever the target's role.
  if (user.impersonator || !user.isSuperuser)
    throw new ForbiddenError(IMPERSONATION_FORBIDDEN_MESSAGE, IMPERSONATION_FORBIDDEN);
  if (input.targetUserId === user.userId)
    throw new BadRequestError('IMPERSONATION_SELF', 'You cannot impersonate yourself.');
  const target = await deps.users.getUser(input.targetUserId);
  if (!target) throw new NotFoundError('User not found.', 'USER_NOT_FOUND');
  // Cognito access tokens carry no email: the superuser's own profile names them in the
  // grant and the audit log (every write made through the grant is recorded with it).
  const superuserEmail = user.email ?? (await deps.users.getUser(user.userId))?.email ?? null;

  const now = deps.clock.now();
  const startedAt = now.toISOString();
  const expiresAt = new Date(now.getTime() + IMPERSONATION_MS).toISOString();
  const token = deps.tokens.next();
  // Stored under the token's SHA-256, as the HTTP pipeline looks it up; never the token.
  const grant: GrantRecord = {
    tokenHash: impersonationTokenHash(token),
    id: deps.ids.next(),
    superuserId: user.userId,
    superuserEmail,
    targetUserId: target.userId,
    targetEmail: target.email,
    startedAt,
    expiresAt,
    stoppedAt: null,
  };
  const audit = auditItem(
    superuserEmail ? { ...user, email: superuserEmail } : user,
    {
      action: 'impersonation.started',
      subject: target.userId,
      after: { targetEmail: target.email, expiresAt },
    },
    deps.ids.next(),
    startedAt,
  );
  await deps.impersonations.start(grant, audit);
  return {
    impersonation: {
      id: grant.id,
      targetUserId: target.userId,
      targetBusinessName: target.businessName,
      targetEmail: target.email,
      startedAt,
      expiresAt,
    },
    token,
  };
}

/**
 * Stops an impersonation. Only the superuser who started it may, calling as themselves or
 * through the impersonation itself; to anyone else, superuser or not, the grant does not
 * exist (404), so ids reveal nothing. Stopping a stopped grant answers the same, and
 * writes nothing.
 */
export async function stopImpersonation(
  deps: ImpersonationDeps,
  actor: Actor,
  impersonationId: string,
): Promise<{ stopped: true }> {
  const caller = requireUser(actor);
  // Through the impersonation, the pipeline has verified the superuser behind it, and the
  // call ends it rather than writing as the target: it works even as the read-only demo store.
  const user = caller.impersonator ? caller : requireWriter(caller);
  const realUserId = user.impersonator?.userId ?? user.userId;
  const grant = await deps.impersonations.find(impersonationId);
  // Grants are only ever issued to superusers, so matching the owner is the permission check.
  if (!grant || grant.superuserId !== realUserId)
    throw new NotFoundError('Impersonation not found.', 'IMPERSONATION_NOT_FOUND');
  if (grant.stoppedAt) return { stopped: true };

  const stoppedAt = deps.clock.now().toISOString();
  const audit = auditItem(
    user,
    {
      action: 'impersonation.stopped',
      subject: grant.targetUserId,
      before: { stoppedAt: null },
      after: { impersonationId: grant.id, stoppedAt },
    },
    deps.ids.next(),
    stoppedAt,
  );
  // 'alreadyStopped': a parallel stop committed first, with its own audit entry.
  await deps.impersonations.stop(grant, stoppedAt, audit);
  return { stopped: true };
}
