import { invalid, required, StripeError } from '../errors';
import { bool, int, list, mergeMetadata, obj, str, type Params } from '../form';
import { listOf } from '../store';
import type { Price, Subscription } from '../types';
import type { ApiContext, Route } from './context';
import { createPrice } from './prices';

const PRORATIONS = new Set(['create_prorations', 'none', 'always_invoice']);

function itemsOf(ctx: ApiContext, params: Params) {
  return list(params, 'items').map((raw, i) => {
    const item = typeof raw === 'object' && !Array.isArray(raw) ? raw : {};
    const priceId = str(item, 'price');
    const priceData = obj(item, 'price_data');
    let price: Price;
    if (priceId) price = ctx.store.get('prices', priceId, 'price', `items[${i}][price]`);
    else if (priceData) price = createPrice(ctx, priceData);
    else throw required(`items[${i}][price]`);
    return { id: str(item, 'id'), price, quantity: int(item, 'quantity') ?? 1 };
  });
}

function trialEndParam(params: Params, now: number): number | 'now' | undefined {
  const raw = str(params, 'trial_end');
  if (raw === undefined || raw === '') return undefined;
  if (raw === 'now') return 'now';
  const n = Number(raw);
  if (!Number.isInteger(n))
    throw invalid('trial_end', 'Invalid timestamp: must be an integer Unix timestamp or `now`.');
  if (n <= now)
    throw invalid('trial_end', 'Invalid timestamp: must be an integer Unix timestamp in the future.');
  return n;
}

export function subscriptionRoutes(ctx: ApiContext): Route[] {
  const { store, billing } = ctx;
  return [
    {
      method: 'POST',
      path: '/v1/subscriptions',
      handle: ({ params }) => {
        const customerId = str(params, 'customer');
        if (!customerId) throw required('customer');
        const customer = store.get('customers', customerId, 'customer', 'customer');
        const at = billing.clockTime(customer.id);
        const items = itemsOf(ctx, params);
        if (items.length === 0) throw required('items');
        const trialEndRaw = trialEndParam(params, at);
        const trialDays = int(params, 'trial_period_days');
        const trialEnd =
          trialEndRaw === 'now' ? null : (trialEndRaw ?? (trialDays ? at + trialDays * 86_400 : null));
        const endBehaviour =
          str(obj(obj(params, 'trial_settings') ?? {}, 'end_behavior') ?? {}, 'missing_payment_method') ??
          'create_invoice';
        const save = str(obj(params, 'payment_settings') ?? {}, 'save_default_payment_method') ?? 'off';
        const defaultPm = str(params, 'default_payment_method') || null;
        if (defaultPm) {
          const pm = store.get('paymentMethods', defaultPm, 'PaymentMethod', 'default_payment_method');
          if (pm.customer !== customer.id)
            throw invalid('default_payment_method', 'The payment method must be attached to the customer.');
        }
        const behaviour = str(params, 'payment_behavior') ?? 'allow_incomplete';
        return billing.createSubscription(
          {
            customer,
            items: items.map((i) => ({ price: i.price, quantity: i.quantity })),
            trialEnd,
            missingPaymentMethod:
              endBehaviour === 'cancel' || endBehaviour === 'pause' ? endBehaviour : 'create_invoice',
            saveDefault: save === 'on_subscription' ? 'on_subscription' : 'off',
            defaultPaymentMethod: defaultPm,
            metadata: mergeMetadata({}, params),
            description: str(params, 'description') || null,
            paymentBehavior:
              behaviour === 'default_incomplete' || behaviour === 'error_if_incomplete'
                ? behaviour
                : 'allow_incomplete',
          },
          at,
        );
      },
    },
    {
      method: 'GET',
      path: '/v1/subscriptions/:id',
      handle: ({ ids }) => store.get('subscriptions', ids[0] ?? '', 'subscription'),
    },
    {
      method: 'POST',
      path: '/v1/subscriptions/:id',
      handle: ({ ids, params }) =>
        updateSubscription(ctx, store.get('subscriptions', ids[0] ?? '', 'subscription'), params),
    },
    {
      method: 'DELETE',
      path: '/v1/subscriptions/:id',
      handle: ({ ids }) => {
        const sub = store.get('subscriptions', ids[0] ?? '', 'subscription');
        if (sub.status === 'canceled')
          throw invalid(
            'subscription',
            `A canceled subscription can only update its cancellation_details and metadata.`,
          );
        return billing.cancelSubscription(sub, billing.clockTime(sub.customer), 'cancellation_requested');
      },
    },
    {
      method: 'GET',
      path: '/v1/subscriptions',
      handle: ({ params }) => {
        const customer = str(params, 'customer');
        const status = str(params, 'status');
        const price = str(params, 'price');
        const clock = str(params, 'test_clock');
        const items = [...store.tables.subscriptions.values()].filter(
          (s) =>
            (!customer || s.customer === customer) &&
            (!clock || s.test_clock === clock) &&
            (!price || s.items.data.some((i) => i.price.id === price)) &&
            (status === 'all' ? true : status ? s.status === status : s.status !== 'canceled'),
        );
        return listOf(items, params, '/v1/subscriptions');
      },
    },
  ];
}

/** `POST /v1/subscriptions/:id`: trial end, cancel at period end, price swap, payment method, metadata. */
export function updateSubscription(ctx: ApiContext, sub: Subscription, params: Params): Subscription {
  const { store, billing } = ctx;
  const at = billing.clockTime(sub.customer);
  if (sub.status === 'canceled')
    throw new StripeError(
      400,
      'invalid_request_error',
      'A canceled subscription can only update its cancellation_details and metadata.',
      'resource_missing',
    );
  const proration = str(params, 'proration_behavior') ?? 'create_prorations';
  if (!PRORATIONS.has(proration))
    throw invalid('proration_behavior', `Invalid proration_behavior: ${proration}`);
  for (const item of itemsOf(ctx, params))
    billing.changePrice(sub, item.id, item.price, proration as 'create_prorations', at);
  const defaultPm = str(params, 'default_payment_method');
  if (defaultPm) {
    const pm = store.get('paymentMethods', defaultPm, 'PaymentMethod', 'default_payment_method');
    if (pm.customer !== sub.customer)
      throw invalid('default_payment_method', 'The payment method must be attached to the customer.');
  }
  const trialEnd = trialEndParam(params, at);
  const cancelAtPeriodEnd = bool(params, 'cancel_at_period_end');
  const behaviour = str(
    obj(obj(params, 'trial_settings') ?? {}, 'end_behavior') ?? {},
    'missing_payment_method',
  );
  billing.update('customer.subscription.updated', sub, at, (s) => {
    if (defaultPm !== undefined) s.default_payment_method = defaultPm || null;
    s.metadata = mergeMetadata(s.metadata, params);
    if (behaviour === 'cancel' || behaviour === 'pause' || behaviour === 'create_invoice')
      s.trial_settings = { end_behavior: { missing_payment_method: behaviour } };
    if (cancelAtPeriodEnd !== undefined) {
      s.cancel_at_period_end = cancelAtPeriodEnd;
      s.cancel_at = cancelAtPeriodEnd ? billing.periodEnd(s) : null;
      s.canceled_at = cancelAtPeriodEnd ? at : null;
      s.cancellation_details = {
        comment: null,
        feedback: null,
        reason: cancelAtPeriodEnd ? 'cancellation_requested' : null,
      };
    }
    if (typeof trialEnd === 'number') {
      s.status = 'trialing';
      s.trial_start = s.trial_start ?? at;
      s.trial_end = trialEnd;
      s.billing_cycle_anchor = trialEnd;
      s.items.data = s.items.data.map((i) => ({ ...i, current_period_end: trialEnd }));
      if (s.cancel_at_period_end) s.cancel_at = trialEnd;
    }
  });
  // `trial_end=now` ends the trial at once (the clock's next step bills it).
  if (trialEnd === 'now' && sub.status === 'trialing') {
    sub.trial_end = at;
    store.changed();
    ctx.engine.process(sub.test_clock, at);
  }
  return sub;
}
