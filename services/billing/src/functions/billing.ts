import { defineFunction } from '@sneakers/shared/runtime/function';
import { createLambdaHandler } from '@sneakers/shared/runtime/lambda-handler';
import { accountRoutes } from '../accounts/routes';
import { invoiceRoutes } from '../invoices/routes';
import { webhookRoutes } from '../webhooks/routes';

/** billing: the billing section's API, the provider's sessions and its signed webhook. */
export const billingFunction = defineFunction({
  name: 'billing',
  routes: [...accountRoutes, ...invoiceRoutes, ...webhookRoutes],
  consumers: [],
  access: { table: 'readWrite', paymentProvider: true },
});

export const handler = createLambdaHandler(billingFunction);
