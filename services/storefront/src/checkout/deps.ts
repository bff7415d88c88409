import { systemClock } from '@sneakers/shared/clock';
import { createIdempotencyStore } from '@sneakers/shared/idempotency/entity';
import { ulidGenerator } from '@sneakers/shared/ids';
import { createRateLimiter } from '@sneakers/shared/rate-limit/store';
import { runtimeEnv } from '@sneakers/shared/runtime/config';
import { lazy } from '@sneakers/shared/runtime/function';
import { tableAccess } from '@sneakers/shared/runtime/table-access';
import type { CheckoutDeps } from './ports';
import { createCheckoutRepository } from './repository';
import { createStripeCheckoutGateway } from './stripe-checkout-gateway';

/** Built on first use, so importing the function (CDK, tests) needs no environment. */
export const checkoutDeps = lazy((): CheckoutDeps => {
  const { client, table } = tableAccess();
  const env = runtimeEnv();
  return {
    repo: createCheckoutRepository(client, table),
    gateway: createStripeCheckoutGateway(env),
    idempotency: createIdempotencyStore(client, table),
    limiter: createRateLimiter(client, table),
    clock: systemClock,
    ids: ulidGenerator,
    appUrl: () => {
      if (!env.APP_URL) throw new Error('APP_URL is not set: the provider needs a page to return to.');
      return env.APP_URL;
    },
  };
});
