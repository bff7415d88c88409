import {
  createCheckoutSession as createCheckoutSessionContract,
  createPortalSession as createPortalSessionContract,
  extendTrial as extendTrialContract,
  getBillingSummary as getBillingSummaryContract,
} from '@sneakers/shared/contracts/billing';
import { route, type Route } from '@sneakers/shared/runtime/function';
import { accountsDeps } from './deps';
import { extendUserTrial, getBillingSummary, openCheckout, openPortal } from './domain';

/** The billing section's summary, its provider sessions, and the superuser's trial extension. */
export const accountRoutes: Route[] = [
  route(getBillingSummaryContract, async ({ actor }) => ({
    billing: await getBillingSummary(accountsDeps(), actor),
  })),
  route(createCheckoutSessionContract, async ({ actor, body }) => openCheckout(accountsDeps(), actor, body), {
    status: 200,
  }),
  route(createPortalSessionContract, async ({ actor, body }) => openPortal(accountsDeps(), actor, body), {
    status: 200,
  }),
  route(
    extendTrialContract,
    async ({ actor, params, body }) => extendUserTrial(accountsDeps(), actor, params.userId, body.days),
    { status: 200 },
  ),
];
