import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import {
  IMPERSONATION_FORBIDDEN_MESSAGE,
  IMPERSONATION_HEADER,
  listAuditLog,
  startImpersonation,
  stopImpersonation,
} from '@sneakers/shared/contracts/admin';
import { getProduct } from '@sneakers/shared/contracts/catalog';
import { lastScraperRun, listImports } from '@sneakers/shared/contracts/catalog-tools';
import type { Contract } from '@sneakers/shared/contracts/contract';
import {
  getMyFeatureAccess,
  getStartupGate,
  listAccessRules,
  listFlagGrants,
  listFlags,
  listOverrides,
  reportFeaturesSeen,
} from '@sneakers/shared/contracts/flags';
import { asRecord, validSample } from './support/contract-values';
import {
  bearer,
  createSender,
  errorBodySchema,
  errorModelProblem,
  type Answer,
  type Send,
} from './support/http';
import { baseParts, outgoing, type RequestParts } from './support/requests';
import { contracts, pathParamNames, routeLabel } from './support/routes';
import { createTally } from './support/tally';
import {
  accessFixtures,
  catalogFixtures,
  removeAccess,
  removeCatalog,
  trader,
  type AccessFixtures,
  type CatalogFixtures,
} from './support/world';

/**
 * Every route whose contract declares `superuserOnly`, called with valid input by a store
 * and by a reseller: 403 SUPERUSER_REQUIRED in the error model, and the flags, rules,
 * overrides, grants and audit log read the same afterwards. The same calls by the local
 * superuser get past the check (anything but 401/403), so the declaration is real and the
 * inputs are ones the route takes. Every other flags/admin route is listed below with why
 * any signed-in user may call it, and what it does instead is asserted.
 */
const tally = createTally('superuser-only');

const SUPERUSER_REQUIRED = 'SUPERUSER_REQUIRED';
/** Routes of these services are superuser-only unless listed in NOT_SUPERUSER_ONLY. */
const GUARDED_PREFIXES = ['flags.', 'admin.'];

/** Flags and admin routes any signed-in user may call, and why (each is asserted below). */
const NOT_SUPERUSER_ONLY: Record<string, string> = {
  'flags.me': 'any signed-in user reads the data that decides their own features (and only theirs)',
  'flags.startupGate': 'public: whether the start-up gate is on, all a signed-out visitor needs',
  'flags.seen': 'any signed-in user reports which features their browser decided (the stale report)',
  'admin.impersonations.start':
    "the use case refuses non-superusers with 403 IMPERSONATION_FORBIDDEN 'Only superusers can impersonate other users'",
  'admin.impersonations.stop': 'only the superuser who started it may stop it; anyone else gets 404',
};

type Fixtures = AccessFixtures & {
  store: Awaited<ReturnType<typeof trader>>;
  reseller: Awaited<ReturnType<typeof trader>>;
  /** A flag name nobody has used: the superuser's flags.create makes it. */
  newFlag: string;
  /** The suite's own catalogue products and import job, made by the superuser. */
  catalog: CatalogFixtures;
};

/**
 * Path parameters of superuser-only routes → a real record, so a 403 cannot be a 404 in
 * disguise and the superuser's call reaches the record. `userId` is the store itself: a
 * store granting itself a feature is refused like any other grant.
 */
const PATH_VALUES: Record<string, (f: Fixtures) => string> = {
  name: (f) => f.flag.name,
  feature: (f) => f.flag.name,
  userId: (f) => f.store.userId,
  ruleId: (f) => f.rule.id,
  /** The suite's own product (linked to a marketplace product: refresh-variants works), deleted last. */
  productId: (f) => f.catalog.products[0]!.id,
  /** Its own import job, of a style code the marketplace does not know: a step imports nothing. */
  importId: (f) => f.catalog.importJob.id,
};

/** Body and query fields → values that make the call valid and, for the superuser, harmless. */
const FIELD_VALUES = (f: Fixtures): Record<string, unknown> => ({
  name: f.newFlag,
  feature: f.flag.name,
  userId: f.store.userId,
  targetUserId: f.reseller.userId,
  version: f.flag.version,
  // The fixture's rule is store/trial: the superuser's flags.rules.create makes another one.
  role: 'reseller',
  plan: 'standard',
  // A new flag is off at 0 and gates nothing: no other route or suite notices it.
  isEnabled: false,
  rolloutPercentage: 0,
  gates: [],
  expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
  // The catalogue: a create or bulk upsert of the suite's own second product's SKU updates
  // it (the same SKU never duplicates); the scraper runs without saving; a new import job
  // looks for that SKU, which the marketplace does not know.
  sku: f.catalog.products[1]!.sku,
  saveToDatabase: false,
  mode: 'query',
  value: f.catalog.products[1]!.sku,
});

/** Where a field means something else on one route: route id → values. */
const ROUTE_FIELD_VALUES = (f: Fixtures): Record<string, Record<string, unknown>> => ({
  // The product's own SKU: the update renames it and keeps the SKU it has.
  'catalog.products.update': { sku: f.catalog.products[0]!.sku },
});

const guarded = (c: Contract) => GUARDED_PREFIXES.some((prefix) => c.id.startsWith(prefix));
const superuserOnly = contracts.filter((c) => c.superuserOnly === true);
const order = (c: Contract) => (c.method === 'GET' ? 0 : c.method === 'DELETE' ? 2 : 1);
/**
 * The superuser's pass: reads, then writes, then deletes, a record's parts (a flag's
 * grants) before the record, so each call meets the fixture it names.
 */
const superuserOrder = [...superuserOnly].sort(
  (a, b) => order(a) - order(b) || pathParamNames(b.path).length - pathParamNames(a.path).length,
);

let send: Send;
let f: Fixtures;

function partsFor(c: Contract, token: string): RequestParts {
  const label = routeLabel(c);
  const params: Record<string, string> = {};
  for (const name of pathParamNames(c.path)) {
    const value = PATH_VALUES[name];
    if (!value)
      throw new Error(
        `${label}: path parameter "${name}" has no record in PATH_VALUES of ` +
          'tests/route-suites/superuser-only.test.ts. Make one in beforeAll (as the superuser) and map it there.',
      );
    params[name] = value(f);
  }
  const fields = { ...FIELD_VALUES(f), ...ROUTE_FIELD_VALUES(f)[c.id] };
  return baseParts(
    c,
    {
      params: asRecord(validSample(c.params, `${label} params`, params)),
      query: validSample(c.query, `${label} query`, fields),
      body: validSample(c.body, `${label} body`, fields),
    },
    token,
  );
}

const codeOf = (answer: Answer) => z.safeParse(errorBodySchema, answer.json).data?.error;

/** Everything a superuser-only write could change, read as the superuser. */
async function snapshot() {
  const { call } = f.superuser;
  return {
    flags: (await call(listFlags, { query: {} })).flags,
    grants: (await call(listFlagGrants, { params: { name: f.flag.name } })).grants,
    overrides: (await call(listOverrides)).overrides,
    rules: (await call(listAccessRules)).rules,
    audit: (await call(listAuditLog, { query: { limit: 20 } })).entries,
    products: await Promise.all(
      f.catalog.products.map((p) => call(getProduct, { params: { productId: p.id } })),
    ),
    imports: (await call(listImports, { query: { limit: 20 } })).jobs,
    scraper: await call(lastScraperRun),
  };
}

beforeAll(async () => {
  send = createSender(tally);
  const suffix = randomUUID().slice(0, 8);
  const [store, reseller] = await Promise.all([
    trader(tally, `SU Store ${suffix}`),
    trader(tally, `SU Reseller ${suffix}`, 'reseller'),
  ]);
  const access = await accessFixtures(tally, 'su-only', store.userId);
  const catalog = await catalogFixtures(access.superuser, 'su-only');
  f = { ...access, store, reseller, newFlag: `su-only-new-${suffix}`, catalog };
}, 90_000);

afterAll(async () => {
  tally.print();
  if (!f) return;
  await removeAccess(f.superuser, [f.flag.name, f.newFlag], [f.impersonation.id]);
  await removeCatalog(f.superuser, f.catalog);
});

describe('route-suites: superuser-only routes', () => {
  it('every flags and admin route is superuser-only or listed with why it is not', () => {
    const unlisted = contracts
      .filter((c) => guarded(c) && !c.superuserOnly && !(c.id in NOT_SUPERUSER_ONLY))
      .map(routeLabel);
    const stale = Object.keys(NOT_SUPERUSER_ONLY).filter((id) => {
      const c = contracts.find((r) => r.id === id);
      return !c || c.superuserOnly === true;
    });
    for (const c of contracts)
      if (!c.superuserOnly && !guarded(c)) tally.notApplicable(c, 'not superuser-only');
    expect(
      unlisted,
      'Declare `superuserOnly: true` on the contract (the HTTP pipeline then refuses everyone else), or ' +
        'add the route to NOT_SUPERUSER_ONLY in tests/route-suites/superuser-only.test.ts with why any ' +
        'user may call it, and assert what it does for a store user there.',
    ).toEqual([]);
    expect(stale, 'NOT_SUPERUSER_ONLY lists routes that are gone or now superuser-only: remove them').toEqual(
      [],
    );
  });

  it.each(superuserOnly.map((c) => [routeLabel(c), c] as const))(
    '%s: a store and a reseller get 403 SUPERUSER_REQUIRED and change nothing',
    async (_label, c) => {
      const before = await snapshot();
      const problems: string[] = [];
      for (const who of [f.store, f.reseller]) {
        const answer = await send(outgoing(c, partsFor(c, who.token)));
        const error = codeOf(answer);
        if (answer.status !== 403 || error?.code !== SUPERUSER_REQUIRED)
          problems.push(
            `${who === f.store ? 'store' : 'reseller'}: ${answer.status} ${errorModelProblem(answer) ?? answer.text.slice(0, 200)}`,
          );
      }
      expect(problems).toEqual([]);
      expect(await snapshot()).toEqual(before);
      tally.covered(c);
    },
  );

  describe('flags and admin routes that are not superuser-only', () => {
    it('flags.me answers a store about the store', async () => {
      const answer = await send({
        method: 'GET',
        target: getMyFeatureAccess.path,
        headers: bearer(f.store.token),
      });
      const parsed = z.safeParse(getMyFeatureAccess.response, answer.json);
      expect(answer.status, answer.text.slice(0, 300)).toBe(200);
      // The store's own subject and the grant the superuser gave it: the answer is about the caller.
      expect(parsed.data?.subject?.userId, answer.text.slice(0, 300)).toBe(f.store.userId);
      expect(parsed.data?.data.grants[f.flag.name], answer.text.slice(0, 300)).toBe(true);
      tally.covered(getMyFeatureAccess);
    });

    it('flags.startupGate answers a signed-out visitor', async () => {
      const answer = await send({ method: 'GET', target: getStartupGate.path });
      expect(answer.status, answer.text.slice(0, 300)).toBe(200);
      expect(z.safeParse(getStartupGate.response, answer.json).success).toBe(true);
      tally.covered(getStartupGate);
    });

    it('flags.seen takes the report of a store', async () => {
      const answer = await send(
        outgoing(
          reportFeaturesSeen,
          baseParts(
            reportFeaturesSeen,
            { params: {}, query: {}, body: { features: [f.flag.name] } },
            f.store.token,
          ),
        ),
      );
      expect(answer.status, answer.text.slice(0, 300)).toBeLessThan(300);
      tally.covered(reportFeaturesSeen);
    });

    it(`admin.impersonations.start refuses a store and a reseller: '${IMPERSONATION_FORBIDDEN_MESSAGE}'`, async () => {
      for (const [who, target] of [
        [f.store, f.reseller],
        [f.reseller, f.store],
      ] as const) {
        const answer = await send(
          outgoing(
            startImpersonation,
            baseParts(
              startImpersonation,
              { params: {}, query: {}, body: { targetUserId: target.userId } },
              who.token,
            ),
          ),
        );
        expect(answer.status, answer.text.slice(0, 300)).toBe(403);
        expect(codeOf(answer)).toEqual({
          code: 'IMPERSONATION_FORBIDDEN',
          message: IMPERSONATION_FORBIDDEN_MESSAGE,
        });
      }
      tally.covered(startImpersonation);
    });

    it('admin.impersonations.stop answers a store 404 for a real impersonation, which goes on', async () => {
      const stop = (token: string) =>
        send(
          outgoing(
            stopImpersonation,
            baseParts(
              stopImpersonation,
              { params: { impersonationId: f.impersonation.id }, query: {}, body: {} },
              token,
            ),
          ),
        );
      const asTarget = () =>
        send({
          method: 'GET',
          target: '/api/profile',
          headers: { ...bearer(f.superuser.token), [IMPERSONATION_HEADER]: f.impersonationToken },
        });
      const byStore = await stop(f.store.token);
      expect(byStore.status, byStore.text.slice(0, 300)).toBe(404);
      expect(errorModelProblem(byStore)).toBeUndefined();
      // Still running: the superuser acts as the store with it, and only the superuser can stop it.
      const still = await asTarget();
      expect(still.status, still.text.slice(0, 300)).toBe(200);
      expect(still.text).toContain(f.store.userId);
      const bySuperuser = await stop(f.superuser.token);
      expect(bySuperuser.status, bySuperuser.text.slice(0, 300)).toBe(200);
      expect((await asTarget()).status).toBe(403);
      tally.covered(stopImpersonation);
    });
  });

  it('the local superuser gets past the check on every superuser-only route with the same input', async () => {
    const refused: string[] = [];
    for (const c of superuserOrder) {
      const answer = await send(outgoing(c, partsFor(c, f.superuser.token)));
      if (answer.status === 401 || answer.status === 403 || answer.status >= 500)
        refused.push(`${routeLabel(c)}: ${answer.status} ${answer.text.slice(0, 200)}`);
    }
    expect(refused).toEqual([]);
  });
});
