import { defineFunction } from '@sneakers/shared/runtime/function';
import { createLambdaHandler } from '@sneakers/shared/runtime/lambda-handler';
import { matchingStream } from '../matching/stream';

/**
 * deals-matcher: keeps every user's stored deals from the table's stream (items and profiles),
 * a target of the `table-stream` dispatcher (docs/adr/0029).
 */
export const dealsMatcherFunction = defineFunction({
  name: 'deals-matcher',
  routes: [],
  consumers: [],
  stream: matchingStream,
  access: { table: 'readWrite' },
});

export const handler = createLambdaHandler(dealsMatcherFunction);
