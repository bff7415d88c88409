import { systemClock } from '@sneakers/shared/clock';
import { ulidGenerator } from '@sneakers/shared/ids';
import { lazy } from '@sneakers/shared/runtime/function';
import { tableAccess } from '@sneakers/shared/runtime/table-access';
import { billingGateway } from '../provider/gateway';
import type { WebhookDeps } from './ports';
import { createWebhookRepository } from './repository';

/** Built on first use, so importing the function (CDK, tests) needs no environment. */
export const webhookDeps = lazy((): WebhookDeps => {
  const { client, table } = tableAccess();
  return {
    repo: createWebhookRepository(client, table),
    gateway: billingGateway(),
    clock: systemClock,
    ids: ulidGenerator,
  };
});
