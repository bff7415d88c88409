import type Stripe from 'stripe';
import { stripeClient, type StripeClientEnv } from '@sneakers/shared/payments/stripe-client';
import type { CheckoutGateway } from './ports';

/**
 * The CheckoutGateway on the provider's SDK, through the client every payment-provider function
 * shares (shared/src/payments/stripe-client.ts: the secret, the lazy SDK import, the stand-in
 * locally; docs/adr/0026-lazy-provider-sdk.md). A Checkout Session in payment mode for one pair,
 * priced by the server (`price_data`); its metadata names the checkout, which is all billing's
 * webhook passes back (docs/adr/0027-storefront-checkout.md).
 */
export class CheckoutProviderError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CheckoutProviderError';
  }
}

const unix = (iso: string) => Math.floor(Date.parse(iso) / 1000);

export function createStripeCheckoutGateway(env: StripeClientEnv): CheckoutGateway {
  const connect = stripeClient(env, (message) => new CheckoutProviderError(message));
  return {
    async createSession(input) {
      const { stripe } = await connect();
      const metadata = { purpose: 'storefront', reference: input.checkoutId, storeUserId: input.storeUserId };
      const params: Stripe.Checkout.SessionCreateParams = {
        mode: 'payment',
        customer_email: input.email,
        client_reference_id: input.checkoutId,
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: input.currency.toLowerCase(),
              unit_amount: input.amount,
              product_data: {
                name: input.productName,
                description: input.description,
                ...(input.imageUrl?.startsWith('https://') ? { images: [input.imageUrl] } : {}),
              },
            },
          },
        ],
        metadata,
        payment_intent_data: { metadata },
        expires_at: unix(input.expiresAt),
        success_url: input.successUrl,
        cancel_url: input.cancelUrl,
        locale: input.locale,
      };
      // One session per checkout, however often the buyer's request is retried.
      const session = await stripe.checkout.sessions.create(params, {
        idempotencyKey: `storefront-checkout-${input.checkoutId}`,
      });
      if (!session.url)
        throw new CheckoutProviderError('The provider answered a Checkout Session without a URL.');
      return { sessionId: session.id, url: session.url };
    },
    async expireSession(sessionId) {
      const { stripe } = await connect();
      const session = await stripe.checkout.sessions.retrieve(sessionId);
      if (session.status === 'complete') return 'complete';
      if (session.status === 'expired') return 'expired';
      const expired = await stripe.checkout.sessions.expire(sessionId);
      return expired.status === 'complete' ? 'complete' : 'expired';
    },
  };
}
