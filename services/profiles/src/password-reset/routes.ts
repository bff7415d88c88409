import {
  checkPasswordReset as checkPasswordResetContract,
  confirmPasswordReset as confirmPasswordResetContract,
  requestPasswordReset as requestPasswordResetContract,
} from '@sneakers/shared/contracts/profiles';
import { route, type Route } from '@sneakers/shared/runtime/function';
import { resetDeps } from './deps';
import { checkPasswordReset, confirmPasswordReset, requestPasswordReset } from './domain';

/** Password reset by emailed link: request, check, confirm. */
export const passwordResetRoutes: Route[] = [
  route(
    requestPasswordResetContract,
    async ({ body }) => {
      await requestPasswordReset(resetDeps(), body);
      return { sent: true as const };
    },
    { status: 202 },
  ),
  route(checkPasswordResetContract, async ({ params }) => checkPasswordReset(resetDeps(), params.token)),
  route(
    confirmPasswordResetContract,
    async ({ params, body }) => {
      await confirmPasswordReset(resetDeps(), params.token, body);
      return { updated: true as const };
    },
    { status: 200 },
  ),
];
