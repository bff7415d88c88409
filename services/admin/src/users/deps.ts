import { lazy } from '@sneakers/shared/runtime/function';
import { tableAccess } from '@sneakers/shared/runtime/table-access';
import type { UsersDeps } from './ports';
import { createUsersRepository } from './repository';

/** Built on first use, so importing the function (CDK, tests) needs no environment. */
export const usersDeps = lazy((): UsersDeps => {
  const { client, table } = tableAccess();
  return { users: createUsersRepository(client, table) };
});
