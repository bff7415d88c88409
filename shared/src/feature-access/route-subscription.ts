import type { UserActor } from '../actor';
import type { Clock } from '../clock';
import { routeKind, type Contract } from '../contracts/contract';
import { SubscriptionRequiredError } from '../errors';
import { subscriptionAccess } from '../rules/subscription';
import type { FeatureAccessLoader } from './loader';

export type SubscriptionReads = Pick<FeatureAccessLoader, 'forUser'>;

/** Whether the status check looks at a route at all (the route-driven suites read this too). */
export function subscriptionChecked(contract: Contract): boolean {
  // A store's integration writes as the store: a lapsed store records no sale through its API either.
  const signedIn = contract.auth === 'user' || contract.auth === 'apiKey';
  return signedIn && routeKind(contract) === 'change' && !contract.subscriptionExempt;
}

/**
 * Refuses (402 SUBSCRIPTION_REQUIRED) a write by a read-only account, with the shared rule
 * (shared/src/rules/subscription.ts), so the API and the SPA cannot disagree
 * (docs/product/billing.md#what-each-status-allows, docs/adr/0021). Looked at: `user` and `apiKey` routes
 * whose kind is `change` and that are not `subscriptionExempt`. Never refused: a superuser
 * acting as themselves (their own tools), the demo user (its use cases answer DEMO_MODE), a
 * user without a profile (still onboarding). A superuser impersonating someone acts as that
 * user (`isSuperuser` is theirs, not the superuser's) and sees what the user sees: a 402.
 *
 * Reads through the feature-access loader's cached entry: no request while it is cached, one
 * BatchGet (shared with the feature check) when not. A cached refusal is read again once
 * before it is answered, so a user who has just paid is not refused for the cache's time.
 */
export function createRouteSubscriptionCheck(reads: SubscriptionReads, clock: Clock) {
  return async function requireSubscription(contract: Contract, actor: UserActor): Promise<void> {
    if (!subscriptionChecked(contract)) return;
    if (actor.isSuperuser || actor.isDemo) return;
    const first = await reads.forUser(actor);
    if (!first.subscription || subscriptionAccess(first.subscription, clock.now()).canWrite) return;
    const again = first.cached ? await reads.forUser(actor, { fresh: true }) : first;
    if (!again.subscription || subscriptionAccess(again.subscription, clock.now()).canWrite) return;
    throw new SubscriptionRequiredError();
  };
}

export type RouteSubscriptionCheck = ReturnType<typeof createRouteSubscriptionCheck>;
