import { requireUser, requireWriter, type Actor, type UserActor } from '@sneakers/shared/actor';
import { ConflictError, ForbiddenError, NotFoundError } from '@sneakers/shared/errors';

/**
 * Who may read and change flag data (docs/product/feature-flags-and-access.md#api-errors),
 * and the errors flags and user-access share.
 */

export const SUPERUSER_REQUIRED_MESSAGE = 'Only superusers can manage feature flags.';
export const FLAG_CONFLICT_MESSAGE = 'This flag was changed by someone else. Reload it and try again.';

/** Reading flag data about other users: superusers only. */
export function requireFlagAdmin(actor: Actor): UserActor {
  const user = requireUser(actor);
  if (!user.isSuperuser) throw new ForbiddenError(SUPERUSER_REQUIRED_MESSAGE, 'SUPERUSER_REQUIRED');
  return user;
}

/** Changing flag data: the demo identity gets its demo answer first, then superusers only. */
export function requireFlagWriter(actor: Actor): UserActor {
  return requireFlagAdmin(requireWriter(actor));
}

export const flagNotFound = () => new NotFoundError('Feature flag not found.', 'FLAG_NOT_FOUND');
export const userNotFound = () => new NotFoundError('User not found.', 'USER_NOT_FOUND');
export const flagConflict = () => new ConflictError(FLAG_CONFLICT_MESSAGE, 'FLAG_CONFLICT');
