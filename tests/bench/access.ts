import { PutCommand, type PutCommandInput } from '@aws-sdk/lib-dynamodb';
import type { FeatureFlag } from '@sneakers/shared/contracts/flags';
import type { Role } from '@sneakers/shared/contracts/profiles';
import { createHttpPipeline, type AccessControl, type HttpEvent } from '@sneakers/shared/http/http-pipeline';
import {
  decideFeature,
  type AccessRuleRecord,
  type FeatureAccessData,
  type FeatureSubject,
} from '@sneakers/shared/rules/feature-access';
import { resetRuntimeEnv } from '@sneakers/shared/runtime/config';
import { createAccessControl } from '@sneakers/shared/runtime/lambda-handler';
import { powertoolsFor } from '@sneakers/shared/runtime/powertools';
import { createDocumentClient, type DocumentClient } from '@sneakers/shared/table/client';
import type { SectionId } from '@sneakers/shared/sections';
import {
  FLAG_CONFIG_SCOPE,
  flagConfigView,
  userFeatureAccessView,
} from '@sneakers/shared/views/feature-access-view';
import { profileView } from '@sneakers/shared/views/profile-view';
import { stopChildren } from '../../localstack/src/children';
import { ensureTable, startDynamoDb } from '../../localstack/src/dynamodb';
import { freePorts } from '../../localstack/src/ports';
import { countRequests } from '../support/count-requests';
import { median, percentile, row } from './stats';

const FEATURES = 50;
const DECISION_SAMPLES = 5_000;
const ROUTE_SAMPLES = 200;
const COLD_SAMPLES = 30;
const TABLE = 'bench-access';
const USER = 'bench-store-user';
const LAPSED_USER = 'bench-lapsed-user';
const WRITE_SAMPLES = 50;

/** Fifty flags mixing every step of the order, as a busy account's sidebar and gates would see them. */
function fiftyFeatures(): { subject: FeatureSubject; data: FeatureAccessData; names: string[] } {
  const now = new Date().toISOString();
  const names = Array.from({ length: FEATURES }, (_, i) => `feature-${String(i).padStart(2, '0')}`);
  const flags = names.map((name, i) => ({
    name,
    isEnabled: i % 7 !== 0,
    targetUserTypes: (i % 5 === 0 ? ['reseller'] : ['store', 'reseller']) satisfies Role[],
    rolloutPercentage: [0, 10, 50, 90, 100][i % 5] ?? 0,
    gates: [],
  }));
  const rules: AccessRuleRecord[] = names
    .filter((_, i) => i % 9 === 0)
    .map((feature, i) => ({
      id: `rule-${i}`,
      feature,
      role: 'store',
      plan: 'standard',
      granted: i % 2 === 0,
    }));
  const grants = Object.fromEntries(names.filter((_, i) => i % 6 === 1).map((n, i) => [n, i % 2 === 0]));
  const overrides = names
    .filter((_, i) => i % 11 === 3)
    .map((feature, i) => ({ feature, enabled: true, expiresAt: i % 2 === 0 ? null : now }));
  return {
    subject: { userId: USER, role: 'store', plan: 'standard', isSuperuser: false },
    data: { flags, rules, grants, overrides },
    names,
  };
}

/** (a) The SPA's sidebar and gates: 50 decisions for one user with the shared function. */
function benchDecisions() {
  const { subject, data, names } = fiftyFeatures();
  const now = new Date();
  let allowed = 0;
  const decideAll = () => {
    for (const name of names) if (decideFeature(name, subject, data, { now }).allowed) allowed++;
  };
  for (let i = 0; i < 500; i++) decideAll();
  const samples: number[] = [];
  for (let i = 0; i < DECISION_SAMPLES; i++) {
    const t = performance.now();
    decideAll();
    samples.push(performance.now() - t);
  }
  const ms = median(samples);
  row(
    `decideFeature × ${FEATURES} for one user (n=${DECISION_SAMPLES})`,
    `median ${(ms * 1000).toFixed(1)} µs (${ms.toFixed(4)} ms), p95 ${(percentile(samples, 95) * 1000).toFixed(1)} µs ${ms < 1 ? '(well under 1 ms)' : '(OVER 1 ms)'}`,
  );
  if (allowed === 0) throw new Error('no feature was ever allowed: the data is not exercising the order');
}

function flag(name: string, gates: SectionId[], rolloutPercentage: number): FeatureFlag {
  const at = new Date().toISOString();
  return {
    name,
    description: 'bench',
    isEnabled: true,
    targetUserTypes: ['store'],
    rolloutPercentage,
    gates,
    version: 1,
    createdAt: at,
    updatedAt: at,
    rolloutChangedAt: at,
    lastEvaluatedAt: null,
  };
}

function event(path: string, write?: { body: unknown; user?: string }): HttpEvent {
  const user = write?.user ?? USER;
  return {
    version: '2.0',
    routeKey: '$default',
    rawPath: path,
    rawQueryString: '',
    headers: write ? { 'content-type': 'application/json' } : {},
    ...(write ? { body: JSON.stringify(write.body) } : {}),
    isBase64Encoded: false,
    requestContext: {
      accountId: '0',
      apiId: 'bench',
      domainName: 'localhost',
      domainPrefix: 'local',
      requestId: 'bench',
      routeKey: '$default',
      stage: '$default',
      time: new Date().toISOString(),
      timeEpoch: Date.now(),
      http: {
        method: write ? 'POST' : 'GET',
        path,
        protocol: 'HTTP/1.1',
        sourceIp: '127.0.0.1',
        userAgent: 'bench',
      },
      authorizer: { jwt: { claims: { sub: user }, scopes: [] }, principalId: '', integrationLatency: 0 },
    },
  };
}

async function put(client: DocumentClient, params: PutCommandInput) {
  await client.send(new PutCommand(params));
}

/**
 * (b) GET /api/clients (crm's real route, section 'clients') through the real pipeline and
 * DynamoDB Local: the requests access control adds per invocation (counted on its own
 * client, so the route's own query is not in them) with an empty cache (cold container or
 * expired cache) and a warm one, and the median latency of the route gated by a flag vs
 * the same route that no flag gates.
 */
async function benchGatedRoute() {
  const ports = await freePorts();
  const dynamo = await startDynamoDb({ port: ports.dynamodb });
  try {
    await ensureTable(dynamo.client, TABLE);
    Object.assign(process.env, {
      TABLE_NAME: TABLE,
      DYNAMODB_ENDPOINT: dynamo.endpoint,
      AWS_REGION: 'eu-west-1',
      AWS_ACCESS_KEY_ID: process.env.AWS_ACCESS_KEY_ID ?? 'local',
      AWS_SECRET_ACCESS_KEY: process.env.AWS_SECRET_ACCESS_KEY ?? 'local',
      POWERTOOLS_LOG_LEVEL: 'SILENT',
      POWERTOOLS_METRICS_DISABLED: 'true',
      POWERTOOLS_TRACE_ENABLED: 'false',
    });
    resetRuntimeEnv();
    // Imported only now: the crm function reads its environment on first use.
    const { functions } = await import('../../services/registry');
    const crm = functions.find((f) => f.definition.name === 'crm')?.definition;
    if (!crm) throw new Error('the registry has no crm function');
    const writer = createDocumentClient({ AWS_REGION: 'eu-west-1', DYNAMODB_ENDPOINT: dynamo.endpoint });
    const at = new Date().toISOString();
    const profileOf = (userId: string, subscriptionStatus: 'active' | 'canceled') =>
      profileView
        .put({
          userId,
          role: 'store',
          businessName: 'Bench Store',
          contactEmail: 'bench@example.com',
          phone: '+34600000000',
          location: 'Madrid',
          currency: 'EUR',
          language: 'en',
          publicWtbList: false,
          publicWtsList: false,
          publicWtcList: false,
          emailNotifications: false,
          subscriptionStatus,
          subscriptionPlan: 'standard',
          isSuperuser: false,
          trialEndsAt: at,
          createdAt: at,
        })
        .params({ table: TABLE });
    await put(writer, profileOf(USER, 'active'));
    await put(writer, profileOf(LAPSED_USER, 'canceled'));
    await put(
      writer,
      userFeatureAccessView
        .put({ userId: USER, grants: { 'clients-beta': true }, overrides: {}, updatedAt: at })
        .params({ table: TABLE }),
    );
    const config = async (flags: FeatureFlag[], revision: number) =>
      put(
        writer,
        flagConfigView
          .put({ scope: FLAG_CONFIG_SCOPE, flags, rules: [], revision, updatedAt: at })
          .params({ table: TABLE }),
      );

    const pt = powertoolsFor('bench');
    const bare = createHttpPipeline(crm.routes, pt);
    /** A new container: empty caches. A long TTL keeps a warm one's cache through the samples. */
    const newContainer = (ttlMs?: number) => {
      const client = createDocumentClient({ AWS_REGION: 'eu-west-1', DYNAMODB_ENDPOINT: dynamo.endpoint });
      const sent = countRequests(client);
      const access: AccessControl = createAccessControl(client, TABLE, { ttlMs });
      return { sent, pipeline: createHttpPipeline(crm.routes, pt, () => access) };
    };
    const invoke = async (pipeline: ReturnType<typeof createHttpPipeline>) => {
      const t = performance.now();
      const res = await pipeline(event('/api/clients'));
      const ms = performance.now() - t;
      if (res.statusCode !== 200) throw new Error(`GET /api/clients answered ${res.statusCode}: ${res.body}`);
      return ms;
    };
    const cold = async () => {
      const ms: number[] = [];
      const requests: number[] = [];
      for (let i = 0; i < COLD_SAMPLES; i++) {
        const c = newContainer();
        ms.push(await invoke(c.pipeline));
        requests.push(c.sent.length);
      }
      return { ms, requests: Math.max(...requests) };
    };
    const warmUp = async () => {
      const c = newContainer(10 * 60_000);
      for (let i = 0; i < 20; i++) await invoke(c.pipeline);
      return c;
    };

    // Ungated: a flag exists but gates another section, so 'clients' needs no feature.
    await config([flag('bookings-beta', ['bookings'], 0)], 1);
    const ungatedCold = await cold();
    const ungated = await warmUp();
    // Gated: a flag at rollout 0 gates 'clients'; the user holds a grant, so the route runs.
    await config([flag('bookings-beta', ['bookings'], 0), flag('clients-beta', ['clients'], 0)], 2);
    const gatedCold = await cold();
    const gated = await warmUp();

    // Interleaved, so the machine's drift weighs on all three alike.
    for (let i = 0; i < 20; i++) await invoke(bare);
    const before = { ungated: ungated.sent.length, gated: gated.sent.length };
    const ms = { bare: [] as number[], ungated: [] as number[], gated: [] as number[] };
    for (let i = 0; i < ROUTE_SAMPLES; i++) {
      ms.bare.push(await invoke(bare));
      ms.ungated.push(await invoke(ungated.pipeline));
      ms.gated.push(await invoke(gated.pipeline));
    }
    const warmRequests = {
      ungated: (ungated.sent.length - before.ungated) / ROUTE_SAMPLES,
      gated: (gated.sent.length - before.gated) / ROUTE_SAMPLES,
    };
    const verdict = (coldN: number, warmN: number) =>
      coldN <= 1 && warmN === 0 ? '(within budget)' : '(OVER BUDGET)';
    const fmt = (values: number[]) =>
      `median ${median(values).toFixed(2)} ms, p95 ${percentile(values, 95).toFixed(2)} ms`;
    row(
      'gated: extra DynamoDB requests per invocation',
      `cold ${gatedCold.requests}, warm ${warmRequests.gated} ${verdict(gatedCold.requests, warmRequests.gated)}`,
    );
    row(
      'ungated: extra DynamoDB requests per invocation',
      `cold ${ungatedCold.requests}, warm ${warmRequests.ungated} ${verdict(ungatedCold.requests, warmRequests.ungated)}`,
    );
    row(`gated, warm (n=${ROUTE_SAMPLES})`, fmt(ms.gated));
    row(`ungated, warm (n=${ROUTE_SAMPLES})`, fmt(ms.ungated));
    row(`without access control, for reference (n=${ROUTE_SAMPLES})`, fmt(ms.bare));
    row(`gated, empty cache (n=${COLD_SAMPLES})`, fmt(gatedCold.ms));
    row(`ungated, empty cache (n=${COLD_SAMPLES})`, fmt(ungatedCold.ms));
    row('warm gated minus ungated (medians)', `${(median(ms.gated) - median(ms.ungated)).toFixed(2)} ms`);

    // The status check of every write (docs/adr/0021): POST /api/clients, a change route of
    // an ungated section, so the subscription check is what reads the user's entry.
    await config([flag('bookings-beta', ['bookings'], 0)], 3);
    let n = 0;
    const write = async (pipeline: ReturnType<typeof createHttpPipeline>, user = USER) => {
      n++;
      const body = { name: `Bench Client ${n}`, email: `bench${n}@example.com`, phone: '+34 600000000' };
      const res = await pipeline(event('/api/clients', { body, user }));
      return res.statusCode;
    };
    const writeCold = async (user: string, expected: number) => {
      const requests: number[] = [];
      for (let i = 0; i < COLD_SAMPLES; i++) {
        const c = newContainer();
        const status = await write(c.pipeline, user);
        if (status !== expected)
          throw new Error(`POST /api/clients answered ${status}, expected ${expected}`);
        requests.push(c.sent.length);
      }
      return Math.max(...requests);
    };
    const writeWarm = async (user: string, expected: number) => {
      const c = newContainer(10 * 60_000);
      await write(c.pipeline, user);
      const before = c.sent.length;
      for (let i = 0; i < WRITE_SAMPLES; i++) {
        const status = await write(c.pipeline, user);
        if (status !== expected)
          throw new Error(`POST /api/clients answered ${status}, expected ${expected}`);
      }
      return (c.sent.length - before) / WRITE_SAMPLES;
    };
    const writable = { cold: await writeCold(USER, 201), warm: await writeWarm(USER, 201) };
    const lapsed = { cold: await writeCold(LAPSED_USER, 402), warm: await writeWarm(LAPSED_USER, 402) };
    row(
      "a write (POST /api/clients): status check's extra requests",
      `cold ${writable.cold}, warm ${writable.warm} ${verdict(writable.cold, writable.warm)}`,
    );
    row(
      'the same refused (canceled: 402), with its fresh look',
      `cold ${lapsed.cold} (read by that call: no second look), warm ${lapsed.warm} (the one re-read before a refusal)`,
    );
  } finally {
    await stopChildren();
  }
}

/**
 * `npm run bench -- access`: the budgets of issue 12 (access control): deciding 50
 * features in the SPA, and what server enforcement adds to a gated route.
 */
export async function benchAccess() {
  console.log(
    '\n## Feature access (budgets: 50 decisions well under 1 ms; a gated route ≤ 1 extra request, 0 cached; the status check of a write: 0 extra requests warm)',
  );
  benchDecisions();
  console.log('  GET and POST /api/clients (crm, section clients) through the pipeline over DynamoDB Local:');
  await benchGatedRoute();
}
