import { Entity } from '../table/entity';
import { SUBSCRIPTION_PLANS, SUBSCRIPTION_STATUSES } from '../contracts/profile-values';
import { ELECTRO_SERVICE } from '../table/definition';

/**
 * The subscription fields of the profiles service's `userProfile` row
 * (services/profiles/src/profiles/profile-entity.ts), as the billing service WRITES them: the
 * one write into another service's row, limited to these four fields and made only in the
 * transaction that applies the provider's webhook (services/billing). They live on the
 * profile, not in a billing row, because every write's status check (shared/src/rules/subscription.ts)
 * must cost no request: the pipeline already reads the profile for feature access (ADR 0021).
 * `profiles/test/unit/profile-view.test.ts` fails when this drifts from the owner.
 */
export const profileSubscription = new Entity({
  model: { entity: 'userProfile', version: '1', service: ELECTRO_SERVICE },
  attributes: {
    userId: { type: 'string', required: true, readOnly: true },
    subscriptionStatus: { type: SUBSCRIPTION_STATUSES, required: true },
    subscriptionPlan: { type: SUBSCRIPTION_PLANS, required: true },
    trialEndsAt: { type: 'string', required: true },
    pastDueSince: { type: 'string' },
  },
  indexes: {
    byUser: { pk: { field: 'pk', composite: ['userId'] }, sk: { field: 'sk', composite: [] } },
  },
});
