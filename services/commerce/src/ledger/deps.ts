import { systemClock } from '@sneakers/shared/clock';
import { lazy } from '@sneakers/shared/runtime/function';
import { powertoolsFor } from '@sneakers/shared/runtime/powertools';
import { tableAccess } from '@sneakers/shared/runtime/table-access';
import type { LedgerDeps } from './ports';
import { createExistingRows, createLedgerWriter } from './repository';

/** Built on first use, so importing the function (CDK, tests) needs no environment. */
export const ledgerDeps = lazy((): LedgerDeps => {
  const { client, table } = tableAccess();
  // The function's own logger: its lines carry the Lambda context the handler injected.
  const { logger } = powertoolsFor('commerce-overview');
  return {
    writer: createLedgerWriter(client, table, systemClock),
    existingRows: createExistingRows(client, table),
    onError: (error, record) =>
      logger.error('ledger: change not applied', {
        eventId: record.eventId,
        eventName: record.eventName,
        error: String(error),
      }),
  };
});
