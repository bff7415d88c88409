import { runtimeEnv } from '@sneakers/shared/runtime/config';
import { lazy } from '@sneakers/shared/runtime/function';
import type { BillingGateway } from './ports';
import { createStripeGateway } from './stripe-gateway';

/** The container's one gateway: the secret is read and the SDK client built on first use. */
export const billingGateway = lazy((): BillingGateway => createStripeGateway(runtimeEnv()));
