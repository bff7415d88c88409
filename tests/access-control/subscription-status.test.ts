import { randomUUID } from 'node:crypto';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { profileSubscription } from '@sneakers/shared/billing/profile-subscription';
import { createCheckoutSession } from '@sneakers/shared/contracts/billing';
import { createClient, listClients } from '@sneakers/shared/contracts/crm';
import { getPublicList } from '@sneakers/shared/contracts/lists';
import { getMyProfile, updateMyProfile } from '@sneakers/shared/contracts/profiles';
import { createApiKey } from '@sneakers/shared/contracts/store-api';
import type { SubscriptionStatus } from '@sneakers/shared/contracts/profile-values';
import {
  PAST_DUE_GRACE_DAYS,
  SUBSCRIPTION_REQUIRED_CODE,
  SUBSCRIPTION_REQUIRED_MESSAGE,
} from '@sneakers/shared/rules/subscription';
import { createDocumentClient } from '@sneakers/shared/table/client';
import { functions } from '../../services/registry';
import { api, cloud, pipelineAtRest, raw } from '../support/cloud-client';
import { account, outcome, until } from './support';

const DAY_MS = 24 * 60 * 60 * 1000;
const REQUIRED = SUBSCRIPTION_REQUIRED_CODE;

/**
 * What each status allows, on the real local cloud (docs/adr/0021): the store's subscription
 * fields are written straight into its profile row, as the billing service's webhook
 * transaction writes them (shared/src/billing/profile-subscription.ts), and the API answers.
 */
describe('the subscription status of writes on the API', () => {
  let store: Awaited<ReturnType<typeof account>>;

  async function setSubscription(status: SubscriptionStatus, pastDueSince?: string) {
    const { tableName, dynamodbUrl } = cloud();
    const doc = createDocumentClient({ AWS_REGION: 'eu-west-1', DYNAMODB_ENDPOINT: dynamodbUrl });
    const patch = profileSubscription.patch({ userId: store.userId }).set({ subscriptionStatus: status });
    const params = pastDueSince
      ? patch.set({ pastDueSince }).params({ table: tableName })
      : patch.remove(['pastDueSince']).params({ table: tableName });
    await doc.send(new UpdateCommand(params));
  }

  let n = 0;
  const write = () =>
    store.call(createClient, {
      body: { name: `Client ${++n}`, email: `client${n}@example.com`, phone: '+34 600000000' },
    });

  beforeAll(async () => {
    store = await account('store');
    await store.call(updateMyProfile, { body: { publicWtbList: true } });
    // The provider's sign-up webhook stamps the profile's trial: it must land before the
    // tests write the status by hand, or it would put the trial back.
    await pipelineAtRest();
    // Warm: the functions hold this store's writable state when it lapses.
    expect(await outcome(write)).toBe('OK');
  });

  it('answers every write of a canceled account 402 SUBSCRIPTION_REQUIRED, and lets it read', async () => {
    await setSubscription('canceled');
    // Within the functions' cache time (1 s here) the cached state may still let one through.
    await until(write, REQUIRED);
    const res = await raw('/api/clients', {
      method: 'POST',
      headers: { authorization: `Bearer ${store.token}`, 'content-type': 'application/json' },
      // Refused before its input is looked at: the account has to choose a plan first.
      body: JSON.stringify({ name: '' }),
    });
    expect(res.status).toBe(402);
    expect(await res.json()).toEqual({
      error: { code: SUBSCRIPTION_REQUIRED_CODE, message: SUBSCRIPTION_REQUIRED_MESSAGE },
    });

    expect(await outcome(() => store.call(listClients))).toBe('OK');
    expect((await store.call(getMyProfile)).profile?.subscriptionStatus).toBe('canceled');
    const visitor = api();
    const list = await visitor.call(getPublicList, { params: { userId: store.userId, listType: 'wtb' } });
    expect(list.owner).toBeDefined();
  });

  // The billing routes arrive with the billing service; the route-driven suites cover every
  // exempt route once they do (tests/route-suites/subscription-writes.test.ts).
  const checkout = functions.some((f) =>
    f.definition.routes.some((r) => r.contract.id === createCheckoutSession.id),
  );
  it.runIf(checkout)('does not refuse an exempt billing route (the way to pay again)', async () => {
    await setSubscription('canceled');
    await until(write, REQUIRED);
    const answer = await outcome(() => store.call(createCheckoutSession, { body: {} }));
    expect([REQUIRED, 'ROUTE_NOT_FOUND', 'INTERNAL']).not.toContain(answer);
  });

  it("refuses a lapsed store's writes through its API key too, and lets the key read", async () => {
    await setSubscription('active');
    const { secret } = await store.call(createApiKey, {
      idempotencyKey: randomUUID(),
      body: { name: 'Till integration' },
    });
    await setSubscription('canceled');
    await until(write, REQUIRED);
    const withKey = (path: string, init: RequestInit = {}) =>
      raw(path, {
        ...init,
        headers: { 'x-api-key': secret, 'content-type': 'application/json', ...init.headers },
      });
    const sale = await withKey('/v1/sales', {
      method: 'POST',
      headers: { 'idempotency-key': randomUUID() },
      body: JSON.stringify({ item_id: 'x', size: '42', price: 100 }),
    });
    expect(sale.status).toBe(402);
    expect(((await sale.json()) as { error: { code: string } }).error.code).toBe(REQUIRED);
    expect((await withKey('/v1/inventory')).status).toBe(200);
  });

  it('lets a past-due account write within the grace period, not after it', async () => {
    await setSubscription('canceled');
    await until(write, REQUIRED);
    // A refusal from the cache is read again at once: no wait for the cache to expire.
    await setSubscription(
      'past_due',
      new Date(Date.now() - (PAST_DUE_GRACE_DAYS - 1) * DAY_MS).toISOString(),
    );
    expect(await outcome(write)).toBe('OK');

    await setSubscription(
      'past_due',
      new Date(Date.now() - (PAST_DUE_GRACE_DAYS * DAY_MS + 60_000)).toISOString(),
    );
    await until(write, REQUIRED);

    await setSubscription('active');
    expect(await outcome(write)).toBe('OK');
  });
});
