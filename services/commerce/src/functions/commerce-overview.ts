import { defineFunction } from '@sneakers/shared/runtime/function';
import { createLambdaHandler } from '@sneakers/shared/runtime/lambda-handler';
import { ledgerStream } from '../ledger/stream';
import { overviewRoutes } from '../overview/routes';

/**
 * commerce-overview: the store's overview from aggregates, and the stream consumer that keeps
 * them (sales by day, stock at cost, deposits held, money owed to providers).
 */
export const commerceOverviewFunction = defineFunction({
  name: 'commerce-overview',
  routes: overviewRoutes,
  consumers: [],
  stream: ledgerStream,
  access: { table: 'readWrite' },
});

export const handler = createLambdaHandler(commerceOverviewFunction);
