import { listBillingInvoices } from '@sneakers/shared/contracts/billing';
import { route, type Route } from '@sneakers/shared/runtime/function';
import { invoicesDeps } from './deps';
import { listInvoices } from './domain';

export const invoiceRoutes: Route[] = [
  route(listBillingInvoices, async ({ actor, query }) => listInvoices(invoicesDeps(), actor, query)),
];
