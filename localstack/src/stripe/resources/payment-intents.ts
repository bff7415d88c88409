import { str } from '../form';
import { listOf, newId } from '../store';
import type { Metadata, PaymentIntent } from '../types';
import type { ApiContext, Route } from './context';

/** A payment made on the Checkout page (payment mode), already succeeded. */
export function recordPaymentIntent(
  ctx: ApiContext,
  input: {
    amount: number;
    currency: string;
    customer: string | null;
    paymentMethod: string;
    metadata: Metadata;
    description: string | null;
  },
  at: number,
): PaymentIntent {
  const id = newId('pi_');
  const intent: PaymentIntent = {
    id,
    object: 'payment_intent',
    amount: input.amount,
    amount_received: input.amount,
    capture_method: 'automatic',
    client_secret: `${id}_secret_${newId('', 24)}`,
    created: at,
    currency: input.currency,
    customer: input.customer,
    description: input.description,
    last_payment_error: null,
    livemode: false,
    metadata: input.metadata,
    payment_method: input.paymentMethod,
    payment_method_types: ['card'],
    status: 'succeeded',
  };
  ctx.store.tables.paymentIntents.set(id, intent);
  ctx.store.changed();
  ctx.webhooks.emit(
    'payment_intent.created',
    { ...intent, status: 'requires_payment_method', amount_received: 0 },
    at,
  );
  ctx.webhooks.emit('payment_intent.succeeded', intent, at);
  return intent;
}

export function paymentIntentRoutes(ctx: ApiContext): Route[] {
  const { store } = ctx;
  return [
    {
      method: 'GET',
      path: '/v1/payment_intents/:id',
      handle: ({ ids }) => store.get('paymentIntents', ids[0] ?? '', 'payment_intent'),
    },
    {
      method: 'GET',
      path: '/v1/payment_intents',
      handle: ({ params }) => {
        const customer = str(params, 'customer');
        const items = [...store.tables.paymentIntents.values()].filter(
          (p) => !customer || p.customer === customer,
        );
        return listOf(items, params, '/v1/payment_intents');
      },
    },
  ];
}
