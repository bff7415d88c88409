import { defineFunction } from '@sneakers/shared/runtime/function';
import { createLambdaHandler } from '@sneakers/shared/runtime/lambda-handler';
import { stockRoutes } from '../stock/routes';

/** store-mode: the counter's stock, which the device keeps to find a scanned pair offline. */
export const storeModeFunction = defineFunction({
  name: 'store-mode',
  routes: [...stockRoutes],
  consumers: [],
  access: { table: 'read' },
});

export const handler = createLambdaHandler(storeModeFunction);
