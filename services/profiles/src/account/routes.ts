import {
  changeMyEmail as changeMyEmailContract,
  changeMyPassword as changeMyPasswordContract,
  signOutEverywhere as signOutEverywhereContract,
  verifyMyEmail as verifyMyEmailContract,
} from '@sneakers/shared/contracts/profiles';
import { route, type Route } from '@sneakers/shared/runtime/function';
import { accountDeps } from './deps';
import { bearerToken, changeMyEmail, changeMyPassword, signOutEverywhere, verifyMyEmail } from './domain';

/** The caller's own sign-in: password, email and every session. */
export const accountRoutes: Route[] = [
  route(
    changeMyPasswordContract,
    async ({ actor, headers, body }) => {
      await changeMyPassword(accountDeps(), actor, bearerToken(headers), body);
      return { changed: true as const };
    },
    { status: 200 },
  ),
  route(
    changeMyEmailContract,
    async ({ actor, headers, body }) => changeMyEmail(accountDeps(), actor, bearerToken(headers), body.email),
    { status: 200 },
  ),
  route(
    verifyMyEmailContract,
    async ({ actor, headers, body }) => {
      await verifyMyEmail(accountDeps(), actor, bearerToken(headers), body.code);
      return { verified: true as const };
    },
    { status: 200 },
  ),
  route(
    signOutEverywhereContract,
    async ({ actor, headers }) => {
      await signOutEverywhere(accountDeps(), actor, bearerToken(headers));
      return { signedOut: true as const };
    },
    { status: 200 },
  ),
];
