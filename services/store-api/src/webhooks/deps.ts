import { lookup } from 'node:dns/promises';
import { systemClock } from '@sneakers/shared/clock';
import { ulid } from '@sneakers/shared/ids';
import { lazy } from '@sneakers/shared/runtime/function';
import { tableAccess } from '@sneakers/shared/runtime/table-access';
import { urlPolicyFrom } from './addresses';
import { createPoster } from './poster';
import type { WebhooksDeps } from './ports';
import { createSqsQueue } from './queue';
import { createWebhooksRepository } from './repository';
import { newWebhookSecret } from './signing';

/**
 * Built on first use, so importing the functions (CDK, tests) needs no environment.
 * WEBHOOK_QUEUE_URL names the deliveries' queue (CDK sets it; the local cloud points it at its
 * SQS stand-in through SQS_ENDPOINT). The loopback allowance is read with STAGE: a deployed
 * stage never has `local`.
 */
export const webhooksDeps = lazy((): WebhooksDeps => {
  const { client, table } = tableAccess();
  const queueUrl = process.env.WEBHOOK_QUEUE_URL;
  if (!queueUrl) throw new Error('WEBHOOK_QUEUE_URL is not set');
  const policy = urlPolicyFrom(process.env);
  return {
    webhooks: createWebhooksRepository(client, table),
    queue: createSqsQueue(queueUrl, process.env.SQS_ENDPOINT),
    poster: createPoster(policy),
    resolve: async (host) => (await lookup(host, { all: true })).map((a) => a.address),
    policy,
    clock: systemClock,
    newId: () => ulid(),
    newSecret: () => newWebhookSecret(),
  };
});
