import { listUsers as listUsersContract } from '@sneakers/shared/contracts/admin';
import { route, type Route } from '@sneakers/shared/runtime/function';
import { usersDeps } from './deps';
import { listUsers } from './domain';

/** The users list (superusers). */
export const usersRoutes: Route[] = [
  route(listUsersContract, async ({ actor, query }) => {
    const page = await listUsers(usersDeps(), actor, query);
    return { users: page.items, cursor: page.cursor };
  }),
];
