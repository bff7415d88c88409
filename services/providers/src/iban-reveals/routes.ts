import { listProviderIbanReveals, revealProviderIban } from '@sneakers/shared/contracts/providers';
import { route, type Route } from '@sneakers/shared/runtime/function';
import { ibanRevealsDeps } from './deps';
import { listIbanReveals, revealIban } from './domain';

/** A provider's full IBAN, revealed on purpose, and who revealed it: CDK declares these routes. */
export const ibanRevealRoutes: Route[] = [
  // 200: a reveal answers what is stored; the audit record it writes is not the resource.
  route(
    revealProviderIban,
    async ({ actor, params, body }) => revealIban(ibanRevealsDeps(), actor, params.providerId, body.purpose),
    { status: 200 },
  ),
  route(listProviderIbanReveals, async ({ actor, params }) =>
    listIbanReveals(ibanRevealsDeps(), actor, params.providerId),
  ),
];
