import Stripe from 'stripe';
import { ensurePlanPrices } from '../../services/billing/src/published';
import type { LocalUrls } from './local-env';
import { LOCAL_BILLING_CREDENTIALS } from './names';
import { BILLING_WEBHOOK_EVENTS, startStripeStandIn } from './stripe/server';

/**
 * The payment provider's stand-in: its webhooks go to the billing route, signed with the
 * local secret.
 */
export function startPaymentsStandIn(options: {
  port: number;
  urls: LocalUrls;
  dataDir: string | undefined;
  log: (line: string) => void;
}) {
  return startStripeStandIn({
    port: options.port,
    apiKey: LOCAL_BILLING_CREDENTIALS.apiKey,
    dataDir: options.dataDir,
    webhooks: [
      {
        url: `${options.urls.app}/api/billing/webhook`,
        secret: LOCAL_BILLING_CREDENTIALS.webhookSecret,
        events: BILLING_WEBHOOK_EVENTS,
      },
    ],
    log: options.log,
  });
}

/** The plans' prices made to match the product's (on every start), through the real SDK. */
export function ensureLocalPlanPrices(urls: LocalUrls) {
  const stripeUrl = new URL(urls.stripe);
  return ensurePlanPrices(
    new Stripe(LOCAL_BILLING_CREDENTIALS.apiKey, {
      host: stripeUrl.hostname,
      port: Number(stripeUrl.port),
      protocol: 'http',
    }),
  );
}
