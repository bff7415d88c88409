import { defineFunction } from '@sneakers/shared/runtime/function';
import { createLambdaHandler } from '@sneakers/shared/runtime/lambda-handler';
import { CATALOG_MARKET_SERVICE } from '../market/deps';
import { runsRoutes } from '../runs/routes';
import { strategiesRoutes } from '../strategies/routes';

/** pricing: the API of the owner's strategies, their runs (preview, apply, undo) and the items' price history. */
export const pricingFunction = defineFunction({
  name: 'pricing',
  routes: [...strategiesRoutes, ...runsRoutes],
  consumers: [],
  // A preview reads market data through the catalogue's market function.
  access: { table: 'readWrite', invokes: [CATALOG_MARKET_SERVICE] },
});

export const handler = createLambdaHandler(pricingFunction);
