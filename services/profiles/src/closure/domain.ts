import { requireUser, requireWriter, type Actor, type UserActor } from '@sneakers/shared/actor';
import { ERASE_SERVICES } from '@sneakers/shared/contracts/portability';
import type { AccountClosure } from '@sneakers/shared/contracts/profiles';
import { ConflictError, ForbiddenError } from '@sneakers/shared/errors';
import { accountClosureRequested, accountDeleted, buildEvent } from '@sneakers/events';
import { avatarPrefix } from '../avatars/domain';
import { IMPERSONATING_MESSAGE } from '../account/domain';
import type { ClosureDeps, ClosureRecord } from './ports';

/**
 * Closing the account (docs/product/accounts.md#closing-the-account): asked with the password
 * again, frozen at once (every session signed out, public lists and storefront offline, the
 * subscription cancelled by billing), deleted by the sweep after the grace period unless the
 * user signs in and cancels it.
 */
export const CLOSURE_PENDING_MESSAGE = 'Your account is already closing.';
export const NO_CLOSURE_MESSAGE = 'Your account is not closing.';
/** Closures one sweep takes on (each erases a whole account; the next run takes the rest). */
export const SWEEP_BATCH = 10;
/** Calls of one owner's `erase` in one sweep before it moves on (each call is time-bounded). */
export const ERASE_CALLS_MAX = 50;

export const AVATAR_STEP = 'avatar';
export const COGNITO_STEP = 'cognito';

function accountOwner(actor: Actor): UserActor {
  const user = requireWriter(actor);
  if (user.impersonator) throw new ForbiddenError(IMPERSONATING_MESSAGE, 'IMPERSONATING');
  return user;
}

const toClosure = (record: ClosureRecord): AccountClosure => ({
  requestedAt: record.requestedAt,
  deleteAfter: record.deleteAfter,
});

export async function getAccountClosure(
  deps: Pick<ClosureDeps, 'repo'>,
  actor: Actor,
): Promise<AccountClosure | null> {
  const user = requireUser(actor);
  const record = await deps.repo.get(user.userId);
  return record ? toClosure(record) : null;
}

export async function closeMyAccount(
  deps: ClosureDeps,
  actor: Actor,
  accessToken: string,
  password: string,
): Promise<AccountClosure> {
  const user = accountOwner(actor);
  if (await deps.repo.get(user.userId)) throw new ConflictError(CLOSURE_PENDING_MESSAGE, 'CLOSURE_PENDING');
  const username = await deps.directory.usernameOf(accessToken);
  await deps.directory.checkPassword(username, password);
  const profile = await deps.repo.profile(user.userId);
  const now = deps.clock.now();
  const record: ClosureRecord = {
    userId: user.userId,
    username,
    contactEmail: profile?.contactEmail ?? user.email ?? '',
    language: profile?.language === 'es' ? 'es' : 'en',
    businessName: profile?.businessName ?? '',
    requestedAt: now.toISOString(),
    deleteAfter: new Date(now.getTime() + deps.graceMs).toISOString(),
    done: [],
  };
  const event = buildEvent(
    accountClosureRequested,
    {
      userId: user.userId,
      contactEmail: record.contactEmail,
      language: record.language,
      businessName: record.businessName,
      deleteAfter: record.deleteAfter,
    },
    { eventId: `account-closure.${user.userId}.${now.getTime()}`, occurredAt: record.requestedAt },
  );
  if ((await deps.repo.request(record, event)) === 'pending')
    throw new ConflictError(CLOSURE_PENDING_MESSAGE, 'CLOSURE_PENDING');
  // After the closure is stored: a failure here leaves a closure the user can see and cancel.
  await deps.directory.signOutEverywhere(accessToken);
  return toClosure(record);
}

export async function cancelAccountClosure(deps: Pick<ClosureDeps, 'repo'>, actor: Actor): Promise<void> {
  const user = accountOwner(actor);
  if (!(await deps.repo.cancel(user.userId))) throw new ConflictError(NO_CLOSURE_MESSAGE, 'NO_CLOSURE');
}

/**
 * The deletion sweep (a profiles schedule): every closure past its grace is erased step by
 * step, each step recorded once done, so a crash midway continues at the next run: every
 * owning domain's `erase` until it says done, the avatar uploads, the Cognito user, then the
 * profile and the closure with the final event (the final email; the migration domain's own
 * exports go on it). Answers the accounts deleted.
 */
export async function sweepClosures(deps: ClosureDeps): Promise<number> {
  const now = deps.clock.now().toISOString();
  let deleted = 0;
  for (const closure of await deps.repo.due(now, SWEEP_BATCH)) {
    if (await eraseAccount(deps, closure)) deleted += 1;
  }
  return deleted;
}

async function eraseAccount(deps: ClosureDeps, closure: ClosureRecord): Promise<boolean> {
  const done = new Set(closure.done);
  for (const service of ERASE_SERVICES) {
    if (done.has(service)) continue;
    let finished = false;
    for (let call = 0; call < ERASE_CALLS_MAX && !finished; call++)
      finished = (await deps.portability.erase(service, closure.userId)).done;
    // Not done within this run's budget: the next run continues.
    if (!finished) return false;
    await deps.repo.markDone(closure.userId, service);
  }
  if (!done.has(AVATAR_STEP)) {
    await deps.uploads.deletePrefix(avatarPrefix(closure.userId));
    await deps.repo.markDone(closure.userId, AVATAR_STEP);
  }
  if (!done.has(COGNITO_STEP)) {
    await deps.directory.deleteUser(closure.username);
    await deps.repo.markDone(closure.userId, COGNITO_STEP);
  }
  await deps.repo.finish(
    closure.userId,
    buildEvent(
      accountDeleted,
      {
        userId: closure.userId,
        contactEmail: closure.contactEmail,
        language: closure.language,
        businessName: closure.businessName,
      },
      { eventId: `account-deleted.${closure.userId}`, occurredAt: deps.clock.now().toISOString() },
    ),
  );
  return true;
}
