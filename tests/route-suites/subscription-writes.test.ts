import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { profileSubscription } from '@sneakers/shared/billing/profile-subscription';
import { routeKind, type Contract } from '@sneakers/shared/contracts/contract';
import { subscriptionChecked } from '@sneakers/shared/feature-access/route-subscription';
import {
  SUBSCRIPTION_REQUIRED_CODE,
  SUBSCRIPTION_REQUIRED_MESSAGE,
} from '@sneakers/shared/rules/subscription';
import { createDocumentClient } from '@sneakers/shared/table/client';
import { cloud, newUser, pipelineAtRest } from '../support/cloud-client';
import { asRecord, validSample } from './support/contract-values';
import {
  createSender,
  errorBodySchema,
  errorModelProblem,
  inBatches,
  type Answer,
  type Send,
} from './support/http';
import { baseParts, outgoing } from './support/requests';
import { contracts, routeLabel } from './support/routes';
import { createTally } from './support/tally';
import { trader } from './support/world';
import { CACHE_TTL_MS } from '../access-control/support';

/**
 * What a read-only account may do (docs/adr/0021), route by route from the registry: a store
 * whose subscription is `canceled` (written into its profile as the billing service writes it)
 * gets 402 SUBSCRIPTION_REQUIRED from every `change` route that is not `subscriptionExempt`,
 * and from no other route. The check runs before the input is validated (like feature
 * access), so every write goes with a body no contract takes (`[]`): a route the check
 * misses answers 400 and changes nothing. The same sweep while the store still writes is
 * the control: no route answers it 402.
 */
const tally = createTally('subscription-writes');
/** Route id → why this suite cannot exercise it (printed and counted). Empty: every route runs. */
const NOT_EXERCISED: Record<string, string> = {};
/** A body no contract takes (objects, strings, records): the route can only refuse it. */
const UNTAKEABLE_BODY = '[]';

let send: Send;
let store: Awaited<ReturnType<typeof trader>>;

beforeAll(async () => {
  send = createSender(tally);
  store = await trader(tally, `Lapsed Store ${Date.now().toString(36)}`);
  // The provider's sign-up webhook stamps the trial on the profile: let it land before the
  // status is set by hand, or it would put the trial back mid-sweep.
  await pipelineAtRest();
}, 90_000);
afterAll(() => tally.print());

async function setStatus(status: 'canceled' | 'trial') {
  const { tableName, dynamodbUrl } = cloud();
  const doc = createDocumentClient({ AWS_REGION: 'eu-west-1', DYNAMODB_ENDPOINT: dynamodbUrl });
  await doc.send(
    new UpdateCommand(
      profileSubscription
        .patch({ userId: store.userId })
        .set({ subscriptionStatus: status })
        .params({ table: tableName }),
    ),
  );
  tally.request();
}

const asked = contracts.filter((c) => c.auth === 'user' && !c.superuserOnly);
const checked = asked.filter(subscriptionChecked);
const unchecked = asked.filter((c) => !subscriptionChecked(c));

function request(c: Contract, token: string) {
  const label = routeLabel(c);
  const parts = baseParts(
    c,
    {
      params: asRecord(validSample(c.params, `${label} params`)),
      query: validSample(c.query, `${label} query`),
      body: {},
    },
    token,
  );
  return outgoing(
    c,
    c.method === 'GET' || c.method === 'DELETE' ? parts : { ...parts, body: UNTAKEABLE_BODY },
  );
}

const codeOf = (answer: Answer) => z.safeParse(errorBodySchema, answer.json).data?.error;
const REQUIRED = { code: SUBSCRIPTION_REQUIRED_CODE, message: SUBSCRIPTION_REQUIRED_MESSAGE };

/** Each route's answer to the store, `[route, answer]`. */
async function sweep(routes: Contract[], token: string): Promise<[Contract, Answer][]> {
  return inBatches(routes, 8, async (c) => [c, await send(request(c, token))] as [Contract, Answer]);
}

describe('route-suites: the subscription status of writes', () => {
  it('lists what is not asked: public and superuser-only routes', () => {
    for (const c of contracts)
      if (c.auth !== 'user') tally.notApplicable(c, c.auth);
      else if (c.superuserOnly)
        tally.notApplicable(c, 'superuser-only (403 first; a superuser is never refused)');
    for (const c of asked) if (NOT_EXERCISED[c.id]) tally.notExercised(c, NOT_EXERCISED[c.id] ?? '');
    // Without change routes to check, the sweep below would prove nothing.
    expect(checked.length).toBeGreaterThan(20);
  });

  it('refuses no route while the account writes (the control)', async () => {
    const failures = (await sweep(checked, store.token))
      .filter(([, a]) => a.status === 402)
      .map(([c, a]) => `${routeLabel(c)}: ${a.text.slice(0, 160)}`);
    expect(failures).toEqual([]);
  });

  it('answers 402 SUBSCRIPTION_REQUIRED to every non-exempt change route of a canceled account, and no other route', async () => {
    await setStatus('canceled');
    // Each function caches the status it read for FEATURE_CACHE_TTL_MS (1 s here), and the
    // control sweep just filled those caches with the writable state.
    await new Promise((r) => setTimeout(r, CACHE_TTL_MS + 200));

    const failures: string[] = [];
    for (const [c, answer] of await sweep(
      checked.filter((r) => !NOT_EXERCISED[r.id]),
      store.token,
    )) {
      tally.covered(c);
      const error = codeOf(answer);
      if (answer.status !== 402 || error?.code !== REQUIRED.code || error.message !== REQUIRED.message)
        failures.push(
          `${routeLabel(c)}: ${answer.status} ${answer.text.slice(0, 160)}, expected 402 ${REQUIRED.code}`,
        );
    }
    for (const [c, answer] of await sweep(
      unchecked.filter((r) => !NOT_EXERCISED[r.id]),
      store.token,
    )) {
      tally.covered(c);
      const why = c.subscriptionExempt ? 'exempt' : routeKind(c);
      if (answer.status === 402) failures.push(`${routeLabel(c)} (${why}): refused 402`);
      else if (answer.status >= 500 || errorModelProblem(answer))
        failures.push(`${routeLabel(c)} (${why}): ${answer.status} ${answer.text.slice(0, 160)}`);
    }
    expect(failures).toEqual([]);
  });

  it('never refuses a signed-in user still onboarding (no profile yet)', async () => {
    const { token } = await newUser();
    const failures = (await sweep(checked.slice(0, 5), token))
      .filter(([, a]) => a.status === 402)
      .map(([c]) => routeLabel(c));
    expect(failures).toEqual([]);
  });

  it('lets the account write again once it pays (no wait for the cache)', async () => {
    await setStatus('trial');
    const probe = checked[0];
    if (!probe) throw new Error('no change route');
    expect((await send(request(probe, store.token))).status).not.toBe(402);
  });
});
