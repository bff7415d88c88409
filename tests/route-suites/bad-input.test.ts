import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import type { Contract } from '@sneakers/shared/contracts/contract';
import { listAuditLog } from '@sneakers/shared/contracts/admin';
import { deleteFlagGrant, listOverrides, setFlagGrant } from '@sneakers/shared/contracts/flags';
import { mailTo, newUser } from '../support/cloud-client';
import {
  asQueryStrings,
  asRecord,
  objectShape,
  ODD_STRINGS,
  toJsonText,
  validSample,
  valueVariants,
} from './support/contract-values';
import {
  bearer,
  createSender,
  errorBodySchema,
  errorModelProblem,
  inBatches,
  JSON_HEADERS,
  type Send,
} from './support/http';
import {
  attacksOn,
  baseParts,
  describeProbe,
  outgoing,
  PATH_ATTACKS,
  PROTOTYPE_KEYS,
  RAW_TARGETS,
  verdict,
  type Probe,
  type RequestParts,
} from './support/requests';
import { contracts, pathParamNames, routeLabel } from './support/routes';
import { createTally } from './support/tally';
import { credentialHeaders } from './support/api-keys';
import { buildWorld, hasFeature, removeWorldAccess, type World } from './support/world';

/**
 * Every route, public or not, fed input made from its own contract: a fixed list of
 * attacks (broken path segments, forged cursors, malformed and mislabelled bodies) and
 * fast-check variants (wrong types, nulls, missing and extra fields, huge and odd values).
 * Whatever comes in, the answer comes within ANSWER_WITHIN_MS, is never a 5xx, is in the
 * error model when it is an error, and is a 4xx whenever the contract refuses the input.
 */
const tally = createTally('bad-input');
/** fast-check runs per route, on top of the fixed attacks: the budget of the three suites is 3 minutes. */
const RUNS_PER_ROUTE = 40;

/** Route id → why this suite cannot exercise it (printed and counted). Empty: every route runs. */
const NOT_EXERCISED: Record<string, string> = {};

let send: Send;
let world: World;
/** A real password-reset token, read from the emulated mailbox, so reset routes get past the lookup. */
let resetToken: string;

/** Path parameters → one of D's records, so valid variants reach the use case and the table. */
const pathValues = (w: World): Record<string, unknown> => ({
  itemId: w.items[0]!.id,
  clientId: w.clients[0]!.id,
  bookingId: w.bookings[0]!.id,
  providerId: w.providers[0]!.id,
  consignmentId: w.consignment.id,
  offerId: w.offers[0]!.id,
  anonymousOfferId: w.anonymousOffers[0]!.id,
  notificationId: w.notifications[0]!.id,
  userId: w.owner.userId,
  storeUserId: w.owner.userId,
  /** The online store's public routes: D's store (its storefront is off: 404 after validation). */
  storeId: w.owner.userId,
  token: w.linkToken,
  shareId: w.bookings[0]!.shareId,
  name: w.access.flag.name,
  feature: w.access.flag.name,
  ruleId: w.access.rule.id,
  impersonationId: w.access.impersonation.id,
  /** The suite's own catalogue product (linked to a marketplace product) and import job. */
  productId: w.catalog.products[0]!.id,
  /** The suite's own product's box barcode. */
  gtin: w.catalog.gtin,
  importId: w.catalog.importJob.id,
  saleId: w.sales[0]!.id,
  orderId: w.orders[0]!.id,
  /** The unassociated one, so associate reaches the link's lookup. */
  shipmentId: w.shipments[1]!.id,
  paymentId: w.payments[0]!.id,
  virtualProductId: w.virtualProducts[0]!.id,
  conversationId: w.conversations[0]!.id,
  endpointId: w.webhookEndpoints[0]!.id,
  deliveryId: w.webhookDeliveries[0]!.id,
  hideId: w.dealHides[0]!.id,
  strategyId: w.pricingStrategies[0]!.id,
  exportId: w.dataExports[0]!.exportId,
  runId: w.pricingRuns[0]!.id,
  row: '0',
  mappingId: w.savedMappings[0]!.mappingId,
});

/**
 * Body fields → values D may use: its own client and booking, another trader's public item,
 * a real marketplace product (the marketplace call).
 */
const fieldValues = (w: World): Record<string, unknown> => ({
  clientId: w.clients[0]!.id,
  bookingId: w.bookings[1]!.id,
  listOwnerId: w.other.userId,
  itemId: w.otherItem.id,
  key: w.avatarKey,
  productId: w.catalog.marketplaceProductId,
  /** A conversation with the other trader, about its public item; a rating of it (D traded with it). */
  partnerUserId: w.other.userId,
  ownerUserId: w.other.userId,
  rateeUserId: w.other.userId,
});

/** Where a parameter name means something else on some routes: route id → values. */
const routePathValues = (w: World): Record<string, Record<string, unknown>> => ({
  'auth.checkPasswordReset': { token: resetToken },
  'auth.confirmPasswordReset': { token: resetToken },
  'commerce.orders.getShared': { shareId: w.orders[0]!.shareId },
  // D's own mapped import (the `importId` above is the catalogue's data population job).
  ...Object.fromEntries(
    [
      'migration.imports.get',
      'migration.imports.read',
      'migration.imports.map',
      'migration.imports.rows',
      'migration.imports.fix',
      'migration.imports.dry-run',
      'migration.imports.start',
      'migration.imports.pause',
      'migration.imports.resume',
      'migration.imports.undo',
      'migration.imports.error-report',
    ].map((id) => [id, { importId: w.dataImports[0]!.importId }]),
  ),
});

/**
 * Body and query values by route, where the superuser's valid request must not make new
 * records: a flag that already exists (409 FLAG_EXISTS), the world's own flag and user.
 */
const routeFieldValues = (w: World): Record<string, Record<string, unknown>> => ({
  'flags.create': { name: w.access.flag.name },
  'flags.rules.create': { feature: w.access.flag.name },
  'flags.check': { userId: w.owner.userId, feature: w.access.flag.name },
  'flags.seen': { features: [w.access.flag.name] },
  // The catalogue: creates and bulk upserts land on the suite's second product (same SKU
  // updates), the scraper runs without saving, an import looks for a style code the
  // marketplace does not know (a job record, nothing imported).
  'catalog.products.create': { sku: w.catalog.products[1]!.sku },
  'catalog.products.bulk': { sku: w.catalog.products[1]!.sku },
  'catalog.products.update': { name: `${w.catalog.products[0]!.name} renamed` },
  'catalog.scraper.run': { saveToDatabase: false },
  'catalog.imports.create': { mode: 'query', value: w.catalog.products[0]!.sku },
  // The use case wants a query for a search (the contract cannot say so): a real one.
  'catalog.marketplace.call': { action: 'search_catalog', query: 'Jordan', limit: 5 },
  // Commerce writes reach their transaction: a sale of D's virtual product (a buyer is
  // required with no client), a payment of D's consignment still in stock (409), an order
  // from an offer D received and never accepted (409), an edit of notes only (a changed
  // courier would re-check the shipment's tracking number).
  'commerce.sales.create': {
    source: 'virtual',
    itemId: w.virtualProducts[1]!.id,
    size: '10',
    buyerName: 'Route suites buyer',
  },
  'commerce.payments.create': { providerId: w.providers[0]!.id, consignmentIds: [w.consignment.id] },
  'commerce.orders.fromOffer': { offerId: w.offers[0]!.id },
  'commerce.shipments.update': { notes: 'Route suites note' },
});

/**
 * Superuser-only routes refuse everyone else before validation runs, so their probes go as
 * the superuser, who reaches it. Only those the contract refuses, and the one valid request
 * (aimed at the world's own flag and user), go as the superuser on writes: a generated
 * VALID variant would change real flags (a new flag gating a section would switch it off for
 * every later suite), so those go as D and must be refused with 403.
 */
function callerOf(c: Contract, probe: Probe): Probe {
  // Each probe of an apiKey route with the next of D's keys: the volley stays within each
  // key's rate, so the probes reach validation instead of a 429.
  if (c.auth === 'apiKey')
    return {
      ...probe,
      parts: {
        ...probe.parts,
        headers: { ...probe.parts.headers, ...credentialHeaders(c, world.owner.token) },
      },
    };
  if (!c.superuserOnly) return probe;
  // Prototype keys as the superuser too, so they reach the use case (issue 25): in a path
  // they name nothing of the world's but the overrides they make, which the deletes remove
  // (checked below); in a body they are refused or stripped, leaving the valid request.
  const asSuperuser =
    c.method === 'GET' ||
    probe.label === 'valid request' ||
    probe.prototypeKey === true ||
    verdict(c, probe.parts).kind === 'refused';
  const token = asSuperuser ? world.access.superuser.token : world.owner.token;
  return { ...probe, parts: { ...probe.parts, headers: { ...probe.parts.headers, ...bearer(token) } } };
}

const order = (c: Contract) =>
  c.auth === 'public' ? 0 : c.method === 'DELETE' ? 4 - Math.min(pathParamNames(c.path).length, 2) : 1;
/**
 * Public routes first (D's link token is rotated by a user route), deletes last, a record's
 * parts (a flag's grants) before the record (the flag).
 */
const ordered = [...contracts].sort((a, b) => order(a) - order(b));

beforeAll(async () => {
  send = createSender(tally);
  world = await buildWorld(tally, 'fuzz-d');
  resetToken = await passwordResetToken();
  await grantFeatures();
}, 90_000);

/**
 * The pipeline refuses a route's feature before validation: D is granted every feature a
 * route needs (through the flags API, as a superuser would), so its probes reach the
 * contract and the use case. The grants go again in afterAll.
 */
const grantedFeatures: string[] = [];
async function grantFeatures() {
  const { call } = world.access.superuser;
  for (const feature of new Set(contracts.flatMap((c) => (c.feature ? [c.feature] : [])))) {
    if (await hasFeature(tally, world.owner.token, feature)) continue;
    await call(setFlagGrant, {
      params: { name: feature, userId: world.owner.userId },
      body: { granted: true },
    });
    grantedFeatures.push(feature);
    if (!(await hasFeature(tally, world.owner.token, feature)))
      throw new Error(`The grant of ${feature} to D did not give D the feature`);
  }
  // The API caches feature data (FEATURE_CACHE_TTL_MS, 1 s in the integration cloud).
  await new Promise((r) => setTimeout(r, 1_100));
}

async function passwordResetToken(): Promise<string> {
  const { email } = await newUser();
  await send({
    method: 'POST',
    target: '/api/auth/password-reset',
    headers: JSON_HEADERS,
    body: JSON.stringify({ email }),
  });
  const end = Date.now() + 10_000;
  while (Date.now() < end) {
    const token = /reset-password\?type=recovery&token=([\w-]+)/.exec(
      (await mailTo(email))[0]?.body.text ?? '',
    )?.[1];
    if (token) return token;
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`No password reset email for ${email} within 10 s`);
}

afterAll(async () => {
  tally.print();
  if (!world) return;
  for (const name of grantedFeatures)
    await world.access.superuser.call(deleteFlagGrant, { params: { name, userId: world.owner.userId } });
  await removeWorldAccess(world);
});

interface RouteInput {
  base: RequestParts;
  query: Record<string, string>;
  body: unknown;
}

function inputFor(c: Contract): RouteInput {
  const label = routeLabel(c);
  const names = new Set(pathParamNames(c.path));
  const values = { ...pathValues(world), ...routePathValues(world)[c.id] };
  const params = validSample(
    c.params,
    `${label} params`,
    Object.fromEntries(Object.entries(values).filter(([name]) => names.has(name))),
  );
  const fields = routeFieldValues(world)[c.id] ?? {};
  const query = asQueryStrings(validSample(c.query, `${label} query`, fields));
  const body = validSample(c.body, `${label} body`, { ...fieldValues(world), ...fields });
  return {
    base: baseParts(
      c,
      { params: asRecord(params), query, body },
      c.auth === 'public' ? undefined : world.owner.token,
    ),
    query,
    body,
  };
}

/** What is wrong with the server's answer to a probe, or undefined. */
async function problemWith(c: Contract, sent: Probe): Promise<string | undefined> {
  const probe = callerOf(c, sent);
  const judged = verdict(c, probe.parts);
  const why = judged.kind === 'refused' ? judged.why : probe.mustFail ? 'forged input' : undefined;
  const answer = await send(outgoing(c, probe.parts)).catch((e: Error) => e);
  const where = describeProbe(c, probe);
  if (answer instanceof Error) return `${where}: ${answer.message}`;
  if (answer.status >= 500) return `${where}: status ${answer.status} ${answer.text.slice(0, 200)}`;
  const model = errorModelProblem(answer, c);
  if (model) return `${where}: ${model}`;
  if (why && (answer.status < 400 || answer.status >= 500))
    return `${where}: status ${answer.status}, expected a 4xx (${why}): ${answer.text.slice(0, 200)}`;
  if (probe.label === 'valid request' && judged.kind !== 'refused') {
    const code = z.safeParse(errorBodySchema, answer.json).data?.error.code;
    if (code === 'VALIDATION_FAILED')
      return `${where}: the generated valid request was refused (${answer.text.slice(0, 300)}); fix HINTS or the contract`;
  }
  return undefined;
}

/** A raw path segment for any string (lone surrogates cannot be percent-encoded: sent as their bytes). */
function segment(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return '%ED%A0%80';
  }
}

function variantsOf(c: Contract, input: RouteInput): fc.Arbitrary<Probe> {
  const { base } = input;
  // Any bytes as the body: JSON-ish or not, ignored on GET and DELETE, judged by the contract elsewhere.
  const options: fc.Arbitrary<Probe>[] = [
    fc
      .oneof(
        fc.jsonValue().map((v) => JSON.stringify(v)),
        fc.string({ unit: 'binary', maxLength: 200 }),
      )
      .map((body) => ({
        label: 'random body',
        parts: { ...base, body, headers: { ...base.headers, ...JSON_HEADERS } },
      })),
  ];
  if (c.method !== 'GET' && c.method !== 'DELETE')
    options.push(
      valueVariants(c.body, input.body).map((v) => ({
        label: `body ${v.label}`,
        parts: { ...base, body: toJsonText(v.value) },
      })),
    );
  const names = Object.keys(base.segments);
  if (names.length)
    options.push(
      fc
        .tuple(
          fc.constantFrom(...names),
          fc.oneof(
            fc.constantFrom(...PATH_ATTACKS),
            fc.string({ unit: 'grapheme', maxLength: 80 }).map(segment),
            fc.string({ unit: 'binary', maxLength: 80 }).map(segment),
          ),
        )
        .map(([name, value]) => ({
          label: `path ${name}`,
          parts: { ...base, segments: { ...base.segments, [name]: value } },
        })),
    );
  const queryKeys = Object.keys(objectShape(c.query) ?? {});
  if (queryKeys.length)
    options.push(
      fc
        .tuple(
          fc.constantFrom(...queryKeys, 'unexpected'),
          fc.oneof(
            fc.constantFrom(...ODD_STRINGS),
            fc.string({ unit: 'grapheme', maxLength: 60 }),
            fc.integer().map(String),
            fc.double().map(String),
          ),
          fc.boolean(),
        )
        .map(([key, value, drop]) => {
          const query = new URLSearchParams(input.query);
          if (drop) query.delete(key);
          else query.set(key, value);
          return {
            label: drop ? `query without ${key}` : `query ${key}`,
            parts: { ...base, query: query.toString() },
          };
        }),
    );
  return fc.oneof(...options);
}

describe('route-suites: bad input', () => {
  it.each(ordered.map((c) => [routeLabel(c), c] as const))('%s', async (_label, c) => {
    const skip = NOT_EXERCISED[c.id];
    if (skip) return tally.notExercised(c, skip);
    const input = inputFor(c);
    const failures = (
      await inBatches(attacksOn(c, input.base, input.body), 8, (probe) => problemWith(c, probe))
    ).filter((p): p is string => p !== undefined);
    // The generated variants run even when a fixed attack failed, so one report shows both.
    await fc
      .assert(
        fc.asyncProperty(variantsOf(c, input), async (probe) => {
          const problem = await problemWith(c, probe);
          if (problem) throw new Error(problem);
        }),
        { numRuns: RUNS_PER_ROUTE },
      )
      .catch((e: Error) =>
        // fast-check keeps the property's own error (the server's answer) in `cause`.
        failures.push(`fast-check: ${e.message.slice(0, 1500)} ${String(e.cause ?? '').slice(0, 600)}`),
      );
    expect(failures).toEqual([]);
    tally.covered(c);
  });

  it('answers raw request targets fetch would never send', async () => {
    const failures: string[] = [];
    for (const { target, mustFail } of RAW_TARGETS) {
      const answer = await send({ method: 'GET', target, headers: bearer(world.owner.token) }).catch(
        (e: Error) => e,
      );
      const where = `GET ${target.slice(0, 60)}`;
      if (answer instanceof Error) failures.push(`${where}: ${answer.message}`);
      else if (answer.status >= 500 || (mustFail && answer.status < 400))
        failures.push(`${where}: status ${answer.status} ${answer.text.slice(0, 120)}`);
      else {
        const model = errorModelProblem(answer);
        if (model) failures.push(`${where}: ${model}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('left no record named by a prototype key, and recorded no removal of one that never was', async () => {
    const { call } = world.access.superuser;
    const d = world.owner.userId;
    // The override probes made `constructor` and `prototype` for D; the delete probes removed them.
    const { overrides } = await call(listOverrides, {});
    expect(overrides.filter((o) => o.userId === d && PROTOTYPE_KEYS.includes(o.feature))).toEqual([]);
    // D never had a grant of those names: removing one must have answered 404 and audited nothing.
    const named = new Set(PROTOTYPE_KEYS.map((key) => `${d}:${key}`));
    const { entries } = await call(listAuditLog, { query: { action: 'grant.deleted', limit: 100 } });
    expect(entries.filter((e) => named.has(e.subject)).map((e) => e.subject)).toEqual([]);
    const me = await send({
      method: 'GET',
      target: '/api/feature-access/me',
      headers: bearer(world.owner.token),
    });
    expect(me.status).toBe(200);
  });

  it('is still up and answering after all of it', async () => {
    const health = await send({ method: 'GET', target: '/api/health' });
    expect(health.status).toBe(200);
    const profile = await send({ method: 'GET', target: '/api/profile', headers: bearer(world.owner.token) });
    expect(profile.status).toBe(200);
  });
});
