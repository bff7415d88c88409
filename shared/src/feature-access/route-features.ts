import type { UserActor } from '../actor';
import type { Clock } from '../clock';
import type { Contract } from '../contracts/contract';
import { ForbiddenError } from '../errors';
import { decideFeature, featuresGating, type FlagRecord } from '../rules/feature-access';
import { sectionOfContract } from '../rules/section-routes';
import type { FeatureAccessLoader } from './loader';

export const FEATURE_NOT_AVAILABLE_CODE = 'FEATURE_NOT_AVAILABLE';
export const FEATURE_NOT_AVAILABLE_MESSAGE = 'This feature is not currently available for your account.';

export class FeatureNotAvailableError extends ForbiddenError {
  constructor() {
    super(FEATURE_NOT_AVAILABLE_MESSAGE, FEATURE_NOT_AVAILABLE_CODE);
  }
}

/** The features a route needs: its contract's own plus every flag gating its section. */
export function routeFeatures(contract: Contract, flags: readonly FlagRecord[]): string[] {
  const section = sectionOfContract(contract.id);
  const gating = section ? featuresGating(section, flags) : [];
  const all = contract.feature ? [contract.feature, ...gating] : gating;
  return [...new Set(all)];
}

export type FeatureReads = Pick<FeatureAccessLoader, 'peekConfig' | 'forUser'>;

/**
 * Refuses (403 FEATURE_NOT_AVAILABLE) a `user` route the actor lacks a feature for, with
 * the shared decision, so the API and the SPA cannot disagree. The server never takes the
 * local bypass. Reads, through the loader's one-BatchGet cache:
 * - a route with no section and no `feature`: nothing;
 * - config cached and no flag gating the route: nothing;
 * - otherwise `forUser`, one BatchGet at most (config, the user's grants and profile
 *   together), none while everything is cached.
 */
export function createRouteFeatureCheck(reads: FeatureReads, clock: Clock) {
  return async function requireRouteFeatures(contract: Contract, actor: UserActor): Promise<void> {
    if (contract.auth !== 'user') return;
    if (!contract.feature && !sectionOfContract(contract.id)) return;
    const cached = reads.peekConfig();
    if (cached && routeFeatures(contract, cached.flags).length === 0) return;
    const { subject, data } = await reads.forUser(actor);
    const now = clock.now();
    for (const feature of routeFeatures(contract, data.flags)) {
      if (!decideFeature(feature, subject, data, { now, localBypass: false }).allowed)
        throw new FeatureNotAvailableError();
    }
  };
}

export type RouteFeatureCheck = ReturnType<typeof createRouteFeatureCheck>;
