import { defineFunction } from '@sneakers/shared/runtime/function';
import { createInvokeHandler } from '@sneakers/shared/runtime/invoke-handler';
import { powertoolsFor } from '@sneakers/shared/runtime/powertools';
import { createStreamDispatcher } from '@sneakers/shared/runtime/stream-dispatcher';

const NAME = 'table-stream';

/**
 * table-stream: the table stream's only reader (docs/adr/0029). It owns the one event source
 * mapping and hands every function that declares `stream` (the outbox relay below, the
 * commerce ledger, the storefront projection) the records its filter wants, through the
 * Lambda Invoke API; AWS advises at most two readers per shard. It lives with the outbox
 * because both are the platform's side of the stream, not a domain.
 */
export const tableStreamFunction = defineFunction({
  name: NAME,
  routes: [],
  consumers: [],
  tableStreamDispatcher: true,
  invoke: createStreamDispatcher({
    onFailure: (report) =>
      powertoolsFor(NAME).logger.warn('Stream batch failed in a target; retried from the earliest failure', {
        batchItemFailures: report.batchItemFailures,
        targets: report.targets,
      }),
  }),
  access: { table: 'none' },
});

export const handler = createInvokeHandler(tableStreamFunction);
