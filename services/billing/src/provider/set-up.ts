import type Stripe from 'stripe';
import { PLAN_LOOKUP_KEYS, type BillingPlan } from '@sneakers/shared/contracts/billing';
import { PLAN_PRICES } from '@sneakers/shared/contracts/profiles';

const PLAN_NAMES: Readonly<Record<BillingPlan, string>> = {
  store: 'Sneakers CRM: store plan',
  reseller: 'Sneakers CRM: reseller plan',
};

/**
 * Makes the provider's catalogue match the product's plans (one monthly EUR price per plan,
 * found by its lookup key), creating what is missing. Idempotent: the local cloud runs it on
 * every start against the stand-in, and `services/billing/README.md#set-up` runs it once
 * against a Stripe account. A price whose amount no longer matches PLAN_PRICES gets a new
 * price that takes the lookup key over (`transfer_lookup_key`); existing subscriptions keep
 * theirs until changed.
 */
export async function ensurePlanPrices(stripe: Stripe): Promise<Record<BillingPlan, string>> {
  const keys = Object.values(PLAN_LOOKUP_KEYS);
  const existing = await stripe.prices.list({ lookup_keys: keys, active: true, limit: keys.length });
  const byKey = new Map(existing.data.map((price) => [price.lookup_key, price]));
  const ids = {} as Record<BillingPlan, string>;
  for (const plan of Object.keys(PLAN_LOOKUP_KEYS) as BillingPlan[]) {
    const lookupKey = PLAN_LOOKUP_KEYS[plan];
    const wanted = PLAN_PRICES[plan];
    const found = byKey.get(lookupKey);
    if (found && found.unit_amount === wanted.amount && found.currency === wanted.currency.toLowerCase()) {
      ids[plan] = found.id;
      continue;
    }
    const product =
      typeof found?.product === 'string'
        ? found.product
        : (await stripe.products.create({ name: PLAN_NAMES[plan], metadata: { plan } })).id;
    const price = await stripe.prices.create({
      product,
      currency: wanted.currency.toLowerCase(),
      unit_amount: wanted.amount,
      recurring: { interval: 'month' },
      lookup_key: lookupKey,
      transfer_lookup_key: true,
      metadata: { plan },
    });
    ids[plan] = price.id;
  }
  return ids;
}
