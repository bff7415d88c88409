import { declined, invalid, required } from '../errors';
import { int, list, mergeMetadata, obj, str, type Params } from '../form';
import { listOf, newId } from '../store';
import type { CheckoutLineItem, CheckoutSession, Customer, Price } from '../types';
import type { ApiContext, Route } from './context';
import { createCustomer } from './customers';
import { recordPaymentIntent } from './payment-intents';
import { createPrice } from './prices';

const DAY = 86_400;

function lineItems(ctx: ApiContext, params: Params, mode: string): CheckoutLineItem[] {
  const items = list(params, 'line_items');
  if (items.length === 0) throw required('line_items');
  return items.map((raw, i) => {
    const item = typeof raw === 'object' && !Array.isArray(raw) ? raw : {};
    const priceId = str(item, 'price');
    const priceData = obj(item, 'price_data');
    let price: Price;
    if (priceId) price = ctx.store.get('prices', priceId, 'price', `line_items[${i}][price]`);
    else if (priceData) price = createPrice(ctx, priceData);
    else throw required(`line_items[${i}][price]`);
    if (mode === 'subscription' && !price.recurring)
      throw invalid(
        `line_items[${i}][price]`,
        'You must specify at least one recurring price in `subscription` mode.',
      );
    if (mode === 'payment' && price.recurring)
      throw invalid(
        `line_items[${i}][price]`,
        'You specified `payment` mode but passed a recurring price. Either switch to `subscription` mode or use only one-time prices.',
      );
    const quantity = int(item, 'quantity') ?? 1;
    const amount = price.unit_amount * quantity;
    return {
      id: newId('li_'),
      object: 'item',
      amount_subtotal: amount,
      amount_total: amount,
      currency: price.currency,
      description: ctx.store.tables.products.get(price.product)?.name ?? price.id,
      price: structuredClone(price),
      quantity,
    };
  });
}

/**
 * Finishes a session paid on the hosted page: the customer (made if needed), the card
 * attached, then the subscription (its first invoice charged unless it starts with a trial)
 * or the PaymentIntent. A card that fails throws a card error and leaves the session open.
 */
export function completeCheckout(
  ctx: ApiContext,
  session: CheckoutSession,
  input: { paymentMethod: string | null; email: string | null; name: string | null; authenticated: boolean },
) {
  const { store, billing } = ctx;
  const extras = store.internal.checkout.get(session.id);
  if (!extras || session.status !== 'open')
    throw invalid('session', 'This Checkout Session is no longer open.');
  let customer: Customer | undefined = session.customer
    ? store.tables.customers.get(session.customer)
    : undefined;
  const at = billing.clockTime(customer?.id ?? null);
  const behaviour = billing.behaviourOf(input.paymentMethod);
  const charges = session.amount_total > 0;
  if (
    input.paymentMethod &&
    charges &&
    behaviour !== 'succeeds' &&
    !(behaviour === 'authentication_required' && input.authenticated)
  )
    throw declined(
      behaviour === 'authentication_required'
        ? 'We are unable to authenticate your payment method. Please choose a different payment method and try again.'
        : 'Your card was declined.',
      behaviour === 'authentication_required' ? 'authentication_required' : 'generic_decline',
      behaviour === 'authentication_required' ? 'payment_intent_authentication_failure' : 'card_declined',
    );
  if (input.paymentMethod && behaviour === 'declined')
    throw declined('Your card was declined.', 'generic_decline');
  const needsCustomer = session.mode === 'subscription' || session.customer_creation === 'always';
  if (!customer && needsCustomer) {
    const params: Params = Object.create(null) as Params;
    if (input.email ?? session.customer_email) params.email = input.email ?? session.customer_email ?? '';
    if (input.name) params.name = input.name;
    customer = createCustomer(ctx, params);
  }
  if (input.paymentMethod && customer) billing.attach(input.paymentMethod, customer.id, at);
  const before = structuredClone(session);
  session.customer = customer?.id ?? null;
  session.customer_details = {
    email: input.email ?? customer?.email ?? session.customer_email,
    name: input.name,
  };
  if (session.mode === 'subscription' && customer) {
    const first = extras.lineItems[0];
    const trialDays = extras.subscriptionData.trialPeriodDays;
    const sub = billing.createSubscription(
      {
        customer,
        items: extras.lineItems.map((i) => ({ price: i.price, quantity: i.quantity })),
        trialEnd: trialDays ? at + trialDays * DAY : null,
        missingPaymentMethod: extras.subscriptionData.missingPaymentMethod,
        saveDefault: 'on_subscription',
        defaultPaymentMethod: input.paymentMethod,
        metadata: extras.subscriptionData.metadata,
        description: extras.subscriptionData.description,
        paymentBehavior: 'allow_incomplete',
        authenticated: input.authenticated,
      },
      at,
    );
    if (input.paymentMethod && !customer.invoice_settings.default_payment_method)
      billing.setDefaultPaymentMethod(customer, input.paymentMethod, at);
    session.subscription = sub.id;
    session.invoice = sub.latest_invoice;
    session.payment_status = trialDays && first ? 'no_payment_required' : 'paid';
  } else if (session.mode === 'payment' && input.paymentMethod) {
    const intent = recordPaymentIntent(
      ctx,
      {
        amount: session.amount_total,
        currency: session.currency,
        customer: customer?.id ?? null,
        paymentMethod: input.paymentMethod,
        metadata: extras.paymentIntentData.metadata,
        description: extras.paymentIntentData.description,
      },
      at,
    );
    session.payment_intent = intent.id;
    session.payment_status = 'paid';
  }
  session.status = 'complete';
  session.url = null;
  store.changed();
  void before;
  ctx.webhooks.emit('checkout.session.completed', session, at);
  return session;
}

export function successUrl(session: CheckoutSession) {
  return (session.success_url ?? '').replaceAll('{CHECKOUT_SESSION_ID}', session.id);
}

export function checkoutSessionRoutes(ctx: ApiContext): Route[] {
  const { store, billing } = ctx;
  const get = (id: string) => store.get('checkoutSessions', id, 'checkout.session');
  return [
    {
      method: 'POST',
      path: '/v1/checkout/sessions',
      handle: ({ params }) => {
        const mode = str(params, 'mode');
        if (mode !== 'subscription' && mode !== 'payment')
          throw mode
            ? invalid('mode', `Invalid mode: the stand-in supports payment and subscription.`)
            : required('mode');
        const success = str(params, 'success_url');
        if (!success) throw required('success_url');
        const customerId = str(params, 'customer') || null;
        if (customerId) store.get('customers', customerId, 'customer', 'customer');
        const at = billing.clockTime(customerId);
        const items = lineItems(ctx, params, mode);
        const subscriptionData = obj(params, 'subscription_data') ?? (Object.create(null) as Params);
        const trialDays = int(subscriptionData, 'trial_period_days') ?? null;
        if (trialDays !== null && (Number.isNaN(trialDays) || trialDays < 1 || trialDays > 730))
          throw invalid(
            'subscription_data[trial_period_days]',
            'trial_period_days must be between 1 and 730.',
          );
        const collection = str(params, 'payment_method_collection');
        if (collection && collection !== 'always' && collection !== 'if_required')
          throw invalid('payment_method_collection', `Invalid payment_method_collection: ${collection}`);
        const endBehaviour = str(
          obj(obj(subscriptionData, 'trial_settings') ?? {}, 'end_behavior') ?? {},
          'missing_payment_method',
        );
        const total =
          trialDays && mode === 'subscription' ? 0 : items.reduce((n, i) => n + i.amount_total, 0);
        const id = `cs_test_${newId('', 58)}`;
        const session: CheckoutSession = {
          id,
          object: 'checkout.session',
          amount_subtotal: total,
          amount_total: total,
          cancel_url: str(params, 'cancel_url') || null,
          client_reference_id: str(params, 'client_reference_id') || null,
          created: at,
          currency: items[0]?.currency ?? 'eur',
          customer: customerId,
          customer_creation: customerId ? null : mode === 'payment' ? 'if_required' : 'always',
          customer_details: null,
          customer_email: str(params, 'customer_email') || null,
          expires_at: int(params, 'expires_at') ?? at + DAY,
          invoice: null,
          livemode: false,
          locale: str(params, 'locale') || null,
          metadata: mergeMetadata({}, params),
          mode,
          payment_intent: null,
          payment_method_collection:
            mode === 'subscription' ? ((collection as 'always' | 'if_required') ?? 'always') : null,
          payment_method_types: ['card'],
          payment_status: 'unpaid',
          status: 'open',
          subscription: null,
          success_url: success,
          ui_mode: 'hosted',
          url: `${ctx.baseUrl()}/checkout/${id}`,
        };
        store.tables.checkoutSessions.set(id, session);
        store.internal.checkout.set(id, {
          lineItems: items,
          subscriptionData: {
            metadata: mergeMetadata({}, subscriptionData),
            trialPeriodDays: trialDays,
            description: str(subscriptionData, 'description') || null,
            // Stripe's default is create_invoice; a trial that took no card has nothing to charge.
            missingPaymentMethod:
              endBehaviour === 'cancel' || endBehaviour === 'pause' || endBehaviour === 'create_invoice'
                ? endBehaviour
                : 'cancel',
          },
          paymentIntentData: {
            metadata: mergeMetadata({}, obj(params, 'payment_intent_data') ?? {}),
            description: str(obj(params, 'payment_intent_data') ?? {}, 'description') || null,
          },
        });
        store.changed();
        return session;
      },
    },
    { method: 'GET', path: '/v1/checkout/sessions/:id', handle: ({ ids }) => get(ids[0] ?? '') },
    {
      method: 'GET',
      path: '/v1/checkout/sessions/:id/line_items',
      handle: ({ ids, params }) => {
        const session = get(ids[0] ?? '');
        const items = store.internal.checkout.get(session.id)?.lineItems ?? [];
        return listOf([...items].reverse(), params, `/v1/checkout/sessions/${session.id}/line_items`);
      },
    },
    {
      method: 'POST',
      path: '/v1/checkout/sessions/:id/expire',
      handle: ({ ids }) => {
        const session = get(ids[0] ?? '');
        if (session.status !== 'open')
          throw invalid('session', `Only Checkout Sessions with a status of \`open\` can be expired.`);
        const at = billing.clockTime(session.customer);
        session.status = 'expired';
        session.url = null;
        store.changed();
        ctx.webhooks.emit('checkout.session.expired', session, at);
        return session;
      },
    },
    {
      method: 'GET',
      path: '/v1/checkout/sessions',
      handle: ({ params }) => {
        const customer = str(params, 'customer');
        const subscription = str(params, 'subscription');
        const intent = str(params, 'payment_intent');
        const status = str(params, 'status');
        const items = [...store.tables.checkoutSessions.values()].filter(
          (s) =>
            (!customer || s.customer === customer) &&
            (!subscription || s.subscription === subscription) &&
            (!intent || s.payment_intent === intent) &&
            (!status || s.status === status),
        );
        return listOf(items, params, '/v1/checkout/sessions');
      },
    },
  ];
}
