import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Contract } from '@sneakers/shared/contracts/contract';
import { randomUUID } from 'node:crypto';
import { API_KEY_HEADER, API_KEY_INVALID_CODE } from '@sneakers/shared/rules/store-api-limits';
import { checksumOf } from '../../services/store-api/src/published';
import { newUser } from '../support/cloud-client';
import { revokedApiKey } from './support/api-keys';
import { trader } from './support/world';
import { asRecord, validSample } from './support/contract-values';
import { createSender, errorModelProblem, inBatches, type Answer, type Send } from './support/http';
import { baseParts, outgoing, type RequestParts } from './support/requests';
import { contracts, routeLabel } from './support/routes';
import { createTally } from './support/tally';
import { forgedSignatures, signerOf } from './support/signatures';
import { forgeTokens } from './support/token-forge';

/**
 * Every route that needs a caller, asked without one and with every kind of bad token:
 * 401 in the error model, whatever the route. The requests are otherwise valid, so the
 * token is the only thing the route can refuse.
 */
const tally = createTally('auth');
/** Route id → why this suite cannot exercise it (printed and counted). Empty: every route runs. */
const NOT_EXERCISED: Record<string, string> = {};
let send: Send;
let forged: ReturnType<typeof forgeTokens>;
let realToken: string;
/** A store with keys: a key it revoked, and a forged key that passes the format's checksum. */
let keyAttacks: Record<string, Record<string, string>>;

beforeAll(async () => {
  send = createSender(tally);
  realToken = (await newUser()).token;
  forged = forgeTokens(realToken);
  const store = await trader(tally, `Auth Store ${randomUUID()}`);
  const revoked = await revokedApiKey(store.call);
  keyAttacks = {
    'no key': {},
    'made-up key': { [API_KEY_HEADER]: 'route-suites-made-up' },
    'forged key (valid checksum)': { [API_KEY_HEADER]: forgedKey() },
    'revoked key': { [API_KEY_HEADER]: revoked },
    "the store's Cognito token instead of a key": { authorization: `Bearer ${store.token}` },
    'empty key': { [API_KEY_HEADER]: '' },
  };
});

/** A key in the right format with a right checksum that was never issued. */
function forgedKey(): string {
  const random = 'F'.repeat(16) + randomUUID().replace(/-/g, '').slice(0, 16);
  return `sk_live_${random}${checksumOf(random)}`;
}
afterAll(() => tally.print());

function validParts(c: Contract): RequestParts {
  const label = routeLabel(c);
  return baseParts(c, {
    params: asRecord(validSample(c.params, `${label} params`)),
    query: validSample(c.query, `${label} query`),
    body: validSample(c.body, `${label} body`),
  });
}

const credentials = (): Record<string, Record<string, string>> => ({
  'no token': {},
  'empty bearer': { authorization: 'Bearer ' },
  'basic auth': { authorization: 'Basic dXNlcjpzZWNyZXQ=' },
  ...Object.fromEntries(
    Object.entries(forged.attacks).map(([name, token]) => [name, { authorization: `Bearer ${token}` }]),
  ),
});

function refusalProblem(answer: Answer): string | undefined {
  if (answer.status !== 401) return `status ${answer.status}: ${answer.text.slice(0, 160)}`;
  return errorModelProblem(answer);
}

describe('route-suites: authentication', () => {
  it('the forge is sound: a real token and its re-signed copy are accepted', async () => {
    for (const token of [realToken, forged.control]) {
      const answer = await send({
        method: 'GET',
        target: '/api/profile',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(answer.status).toBe(200);
    }
  });

  it('refuses every user and apiKey route without a valid credential: 401', async () => {
    const failures: string[] = [];
    for (const c of contracts) {
      if (c.auth === 'public') {
        // A signed raw-body route's credential is its signature: the next test forges it.
        if (!c.rawBody) tally.notApplicable(c, 'public');
        continue;
      }
      const skip = NOT_EXERCISED[c.id];
      if (skip) {
        tally.notExercised(c, skip);
        continue;
      }
      const parts = validParts(c);
      // An apiKey route must refuse a missing, made-up, forged or revoked key, and a token instead
      // (x-api-key, as API Gateway reads it): 401 API_KEY_INVALID.
      const attempts = c.auth === 'user' ? credentials() : keyAttacks;
      await inBatches(Object.entries(attempts), 8, async ([name, headers]) => {
        const out = outgoing(c, { ...parts, headers: { ...parts.headers, ...headers } });
        const answer = await send(out);
        const code = (answer.json as { error?: { code?: string } } | undefined)?.error?.code;
        const problem =
          refusalProblem(answer) ??
          (c.auth === 'apiKey' && code !== API_KEY_INVALID_CODE
            ? `code ${code}, expected ${API_KEY_INVALID_CODE}`
            : undefined);
        if (problem) failures.push(`${routeLabel(c)} with ${name}: ${problem}`);
      });
      tally.covered(c);
    }
    expect(failures).toEqual([]);
  });

  it("accepts a signed raw-body route (a provider's webhook) only with its sender's signature: 400 otherwise, never 401 or 5xx", async () => {
    const failures: string[] = [];
    for (const c of contracts.filter((r) => r.rawBody)) {
      const signer = signerOf(c);
      if (!signer) {
        failures.push(
          `${routeLabel(c)}: a raw-body route with no signer in tests/route-suites/support/signatures.ts; add how its sender signs`,
        );
        continue;
      }
      const body = signer.harmlessBody();
      const target = c.path;
      const headers = { 'content-type': 'application/json; charset=utf-8' };
      for (const forged of forgedSignatures(signer, body)) {
        const answer = await send({
          method: c.method,
          target,
          headers: { ...headers, ...forged.headers },
          body,
        });
        const problem =
          answer.status !== 400
            ? `status ${answer.status}: ${answer.text.slice(0, 160)}`
            : errorModelProblem(answer);
        if (problem) failures.push(`${routeLabel(c)} with ${forged.label}: ${problem}`);
      }
      // The control: the same kind of request signed right gets through, so the 400s above
      // are the signature's doing, not a route that refuses everything.
      const signed = signer.sign(signer.secret, body, Math.floor(Date.now() / 1000));
      const accepted = await send({
        method: c.method,
        target,
        headers: { ...headers, [signer.header]: signed },
        body,
      });
      if (accepted.status < 200 || accepted.status >= 300)
        failures.push(
          `${routeLabel(c)} signed right: status ${accepted.status} ${accepted.text.slice(0, 160)}`,
        );
      tally.covered(c);
    }
    expect(failures).toEqual([]);
  });
});
