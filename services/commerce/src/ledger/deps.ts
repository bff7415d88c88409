import { Logger } from '@aws-lambda-powertools/logger';
import { systemClock } from '@sneakers/shared/clock';
import { runtimeEnv } from '@sneakers/shared/runtime/config';
import { lazy } from '@sneakers/shared/runtime/function';
import { createDocumentClient } from '@sneakers/shared/table/client';
import type { LedgerDeps } from './apply';
import { createLedgerWriter } from './repository';

/** Built on first use, so importing the service (CDK, tests) needs no environment. */
export const ledgerDeps = lazy((): LedgerDeps => {
  const env = runtimeEnv();
  const logger = new Logger({ serviceName: 'commerce-overview' });
  return {
    writer: createLedgerWriter(createDocumentClient(env), env.TABLE_NAME, systemClock),
    onError: (error, record) =>
      logger.error('ledger: change not applied', {
        eventId: record.eventId,
        eventName: record.eventName,
        error: String(error),
      }),
  };
});
