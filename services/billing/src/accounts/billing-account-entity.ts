import { BILLING_PLANS } from '@sneakers/shared/contracts/billing';
import { SUBSCRIPTION_STATUSES } from '@sneakers/shared/contracts/profile-values';
import { timestampAttributes } from '@sneakers/shared/table/common-attributes';
import { ELECTRO_SERVICE } from '@sneakers/shared/table/definition';
import { Entity, type EntityRow } from '@sneakers/shared/table/entity';

/**
 * A user's account at the payment provider: their customer, their current subscription and
 * what its last applied webhook said. GetItem by user. Written by sign-up (the customer and
 * the trial's subscription ids) and by each webhook in its transaction, conditional on
 * `lastEventCreated` so an older event never overwrites a newer state. The card has its own
 * order (`cardEventCreated`): card events and subscription events interleave freely.
 */
export const billingAccountEntity = new Entity({
  model: { entity: 'billingAccount', version: '1', service: ELECTRO_SERVICE },
  attributes: {
    userId: { type: 'string', required: true, readOnly: true },
    customerId: { type: 'string', required: true },
    subscriptionId: { type: 'string' },
    plan: { type: BILLING_PLANS, required: true },
    /** Absent until the provider's first subscription webhook is applied. */
    status: { type: SUBSCRIPTION_STATUSES },
    trialEnd: { type: 'string' },
    currentPeriodEnd: { type: 'string' },
    cancelAtPeriodEnd: { type: 'boolean', required: true },
    pastDueSince: { type: 'string' },
    card: {
      type: 'map',
      properties: {
        brand: { type: 'string', required: true },
        last4: { type: 'string', required: true },
        expMonth: { type: 'number', required: true },
        expYear: { type: 'number', required: true },
      },
    },
    /** Unix seconds of the last applied subscription event (the provider's clock). */
    lastEventCreated: { type: 'number' },
    cardEventCreated: { type: 'number' },
    ...timestampAttributes,
  },
  indexes: {
    byUser: { pk: { field: 'pk', composite: ['userId'] }, sk: { field: 'sk', composite: [] } },
  },
});
export type BillingAccountRow = EntityRow<typeof billingAccountEntity>;
