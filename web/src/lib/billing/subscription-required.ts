import { ApiError } from '@sneakers/shared/api-client';
import { SUBSCRIPTION_REQUIRED_CODE } from '@sneakers/shared/rules/subscription';

/** Where "Choose a plan" leads from anywhere in the app (docs/product/billing.md#billing-section). */
export const BILLING_PATH = '/dashboard/billing';

/**
 * A write the server refused because the account is read-only (canceled, or a trial or grace
 * period that ran out: docs/product/billing.md#what-each-status-allows). The app shows one toast
 * with "Choose a plan" for it (app/subscription-required.ts).
 */
export function isSubscriptionRequired(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 402 && error.code === SUBSCRIPTION_REQUIRED_CODE;
}
