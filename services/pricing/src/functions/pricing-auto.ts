import { defineFunction } from '@sneakers/shared/runtime/function';
import { createLambdaHandler } from '@sneakers/shared/runtime/lambda-handler';
import { autoSchedules } from '../auto/schedules';
import { CATALOG_MARKET_SERVICE } from '../market/deps';

/**
 * pricing-auto: auto mode's schedule, apart from the API so a sweep applying thousands of
 * prices never competes with requests for the API function's concurrency. Its timeout is
 * Lambda's longest: a sweep may refresh market data for PRICING_AUTO_MARKET_BUDGET_MS (10
 * minutes), then price and apply.
 */
export const pricingAutoFunction = defineFunction({
  name: 'pricing-auto',
  timeoutSeconds: 900,
  routes: [],
  consumers: [],
  schedules: autoSchedules,
  access: { table: 'readWrite', invokes: [CATALOG_MARKET_SERVICE] },
});

export const handler = createLambdaHandler(pricingAutoFunction);
