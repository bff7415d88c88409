import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Stripe from 'stripe';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { systemClock } from '@sneakers/shared/clock';
import { getBillingSummary } from '@sneakers/shared/contracts/billing';
import { ulidGenerator } from '@sneakers/shared/ids';
import { createDocumentClient } from '@sneakers/shared/table/client';
import {
  createStripeGateway,
  createWebhookRepository,
  receiveWebhook,
} from '../../services/billing/src/published';
import { LOCAL_BILLING_CREDENTIALS, LOCAL_NAMES } from '../../localstack/src/names';
import { freePorts } from '../../localstack/src/ports';
import { storeWithProfile } from './bench-user';
import { keptTransactionClient } from './kept-transaction';
import { settled, startCloudProcess, stopCloudProcess } from './cloud-process';
import { median, percentile, row } from './stats';

const SAMPLES = 60;
const WARMUP = 6;

/**
 * A provider webhook applied through the gateway (signature, the account's reads, the one
 * transaction: dedup record, account, profile fields, outbox) against the raw
 * TransactWriteItems it performs (budget: 2x). As in the sale bench, the raw transaction is
 * the use case's own, kept by a DocumentClient that lets reads through and holds the write,
 * then sent straight to DynamoDB Local; every sample is a new `customer.subscription.updated`
 * (cancel at period end switched on and off) dated after the last, so each is applied.
 */
export async function benchBillingWebhook(): Promise<{ ratio: number }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'sneakers-bench-webhook-'));
  const ports = await freePorts();
  const { child, appUrl } = await startCloudProcess(ports, dataDir, ['--web=none', '--fresh']);
  try {
    console.log('\n## A provider webhook applied vs the raw transaction it performs (budget: 2x)');
    const { email, call } = await storeWithProfile(appUrl, ports.cognito, 'Bench Webhooks');
    for (let i = 0; i < 100 && !(await call(getBillingSummary)).billing.hasBillingAccount; i++)
      await new Promise((r) => setTimeout(r, 200));
    await settled(appUrl);

    const stripe = new Stripe(LOCAL_BILLING_CREDENTIALS.apiKey, {
      host: '127.0.0.1',
      port: ports.stripe,
      protocol: 'http',
    });
    const customer = (await stripe.customers.list({ email, limit: 1 })).data[0];
    if (!customer) throw new Error('sign-up made no customer at the provider');
    const subscription = (await stripe.subscriptions.list({ customer: customer.id })).data[0];
    if (!subscription) throw new Error('sign-up made no subscription at the provider');

    const env = { AWS_REGION: LOCAL_NAMES.region, DYNAMODB_ENDPOINT: `http://127.0.0.1:${ports.dynamodb}` };
    const raw = createDocumentClient(env);
    const kept = keptTransactionClient(env);
    const deps = {
      repo: createWebhookRepository(kept.client, LOCAL_NAMES.table),
      gateway: createStripeGateway({
        BILLING_SECRET_ID: LOCAL_NAMES.billingSecretId,
        SECRETS_ENDPOINT: `http://127.0.0.1:${ports.secrets}`,
        AWS_REGION: LOCAL_NAMES.region,
        STRIPE_API_URL: `http://127.0.0.1:${ports.stripe}`,
        BILLING_TEST_CLOCKS: 'false',
      }),
      clock: systemClock,
      ids: ulidGenerator,
    };

    const periodEnd = Math.floor(Date.now() / 1000) + 30 * 86_400;
    let created = Math.floor(Date.now() / 1000);
    let cancel = false;
    const signedEvent = () => {
      cancel = !cancel;
      const payload = JSON.stringify({
        id: `evt_bench_${ulidGenerator.next()}`,
        object: 'event',
        type: 'customer.subscription.updated',
        created: ++created,
        livemode: false,
        data: {
          object: {
            ...subscription,
            status: 'active',
            trial_end: null,
            cancel_at_period_end: cancel,
            items: {
              ...subscription.items,
              data: subscription.items.data.map((item) => ({ ...item, current_period_end: periodEnd })),
            },
          },
        },
      });
      const signature = stripe.webhooks.generateTestHeaderString({
        payload,
        secret: LOCAL_BILLING_CREDENTIALS.webhookSecret,
      });
      return { payload, signature };
    };

    const api: number[] = [];
    const direct: number[] = [];
    let transactItems = 0;
    for (let i = 0; i < WARMUP + SAMPLES; i++) {
      const viaGateway = signedEvent();
      await settled(appUrl);
      let t = performance.now();
      const res = await fetch(`${appUrl}/api/billing/webhook`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': viaGateway.signature },
        body: viaGateway.payload,
      });
      const apiMs = performance.now() - t;
      const answer = (await res.json()) as { outcome?: string };
      if (answer.outcome !== 'applied') throw new Error(`the webhook was ${answer.outcome ?? res.status}`);

      const held = signedEvent();
      await receiveWebhook(deps, held.payload, held.signature);
      const transaction = kept.take();
      transactItems = transaction.TransactItems?.length ?? 0;
      await settled(appUrl);
      t = performance.now();
      await raw.send(new TransactWriteCommand(transaction));
      const rawMs = performance.now() - t;
      if (i >= WARMUP) {
        api.push(apiMs);
        direct.push(rawMs);
      }
    }
    const ratio = median(api) / median(direct);
    row(
      `raw TransactWriteItems, ${transactItems} items (n=${SAMPLES})`,
      `median ${median(direct).toFixed(2)} ms, p95 ${percentile(direct, 95).toFixed(2)} ms`,
    );
    row(
      `POST /api/billing/webhook via gateway (n=${SAMPLES})`,
      `median ${median(api).toFixed(2)} ms, p95 ${percentile(api, 95).toFixed(2)} ms`,
    );
    row('ratio of medians', `${ratio.toFixed(2)}x ${ratio <= 2 ? '(within budget)' : '(OVER BUDGET)'}`);
    return { ratio };
  } finally {
    await stopCloudProcess(child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
