import {
  cancelAccountClosure as cancelAccountClosureContract,
  closeMyAccount as closeMyAccountContract,
  getAccountClosure as getAccountClosureContract,
} from '@sneakers/shared/contracts/profiles';
import { route, type Route } from '@sneakers/shared/runtime/function';
import { bearerToken } from '../account/domain';
import { closureDeps } from './deps';
import { cancelAccountClosure, closeMyAccount, getAccountClosure } from './domain';

/** The caller's account closure: ask, see, cancel. */
export const closureRoutes: Route[] = [
  route(getAccountClosureContract, async ({ actor }) => ({
    closure: await getAccountClosure(closureDeps(), actor),
  })),
  route(
    closeMyAccountContract,
    async ({ actor, headers, body }) => ({
      closure: await closeMyAccount(closureDeps(), actor, bearerToken(headers), body.password),
    }),
    { status: 200 },
  ),
  route(cancelAccountClosureContract, async ({ actor }) => {
    await cancelAccountClosure(closureDeps(), actor);
    return { closure: null };
  }),
];
