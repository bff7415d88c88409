import { requireUser, type Actor, type UserActor } from '@sneakers/shared/actor';
import type { AdminUser } from '@sneakers/shared/contracts/admin';
import { ForbiddenError } from '@sneakers/shared/errors';
import type { Page, PageRequest } from '@sneakers/shared/paging/page';
import type { UsersDeps } from './ports';

/**
 * The users list of the admin screen (docs/product/administration.md#users). Who may see it
 * comes only from the verified token (`actor`).
 */

/** Reading the admin screens: superusers only, with `message` for anyone else. */
export function requireAdmin(actor: Actor, message: string): UserActor {
  const user = requireUser(actor);
  if (!user.isSuperuser) throw new ForbiddenError(message, 'SUPERUSER_REQUIRED');
  return user;
}

/** Users newest first; `search` is matched case-insensitively in business name or email. */
export async function listUsers(
  deps: UsersDeps,
  actor: Actor,
  query: PageRequest & { search?: string | undefined },
): Promise<Page<AdminUser>> {
  requireAdmin(actor, 'Only superusers can see users.');
  const search = query.search?.trim().toLowerCase() || undefined;
  return deps.users.listUsers({ cursor: query.cursor, limit: query.limit, search });
}
