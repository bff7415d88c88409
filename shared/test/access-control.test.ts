import { beforeEach, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import type { Actor } from '../src/actor';
import { auditEntity } from '../src/audit/audit-entity';
import { fixedClock } from '../src/clock';
import { defineContract } from '../src/contracts/contract';
import type { FeatureFlag } from '../src/contracts/flags';
import type { Role } from '../src/contracts/profiles';
import type { SubscriptionStatus } from '../src/contracts/profile-values';
import { FEATURE_CACHE_TTL_MS } from '../src/feature-access/loader';
import { createHttpPipeline, type HttpEvent } from '../src/http/http-pipeline';
import { sequenceIds } from '../src/ids';
import { impersonationTokenHash } from '../src/impersonation/impersonation';
import { createAccessControl } from '../src/runtime/lambda-handler';
import { powertoolsFor } from '../src/runtime/powertools';
import { route } from '../src/runtime/function';
import type { SectionId } from '../src/sections';
import { FLAG_CONFIG_SCOPE, flagConfigView, userFeatureAccessView } from '../src/views/feature-access-view';
import { impersonationView } from '../src/views/impersonation-view';
import { profileView } from '../src/views/profile-view';
import {
  PAST_DUE_GRACE_DAYS,
  SUBSCRIPTION_REQUIRED_CODE,
  SUBSCRIPTION_REQUIRED_MESSAGE,
} from '../src/rules/subscription';
import { fakeTable } from './fake-table';

const TABLE = 'test-table';
const START = '2025-06-01T10:00:00.000Z';

// Contract ids decide the section (shared/src/rules/section-routes.ts): crm.clients.* is 'clients'.
const listClients = defineContract({
  id: 'crm.clients.list',
  method: 'GET',
  path: '/api/t/clients',
  auth: 'user',
  response: z.object({ as: z.string(), by: z.nullable(z.string()) }),
});
const createClient = defineContract({
  id: 'crm.clients.create',
  method: 'POST',
  path: '/api/t/clients/{kind}',
  auth: 'user',
  params: z.object({ kind: z.string() }),
  body: z.strictObject({ name: z.string() }),
  response: z.object({ as: z.string(), audited: z.number() }),
});
const profileRoute = defineContract({
  id: 'profiles.me',
  method: 'GET',
  path: '/api/t/me',
  auth: 'user',
  response: z.object({ as: z.string(), by: z.nullable(z.string()) }),
});
const playground = defineContract({
  id: 'lists.playground',
  method: 'GET',
  path: '/api/t/playground',
  auth: 'user',
  feature: 'api-playground',
  response: z.object({ as: z.string(), by: z.nullable(z.string()) }),
});
/** The app's own bookkeeping, as the realtime ticket declares itself: never audited. */
const ticketRoute = defineContract({
  id: 'realtime.ticket',
  method: 'POST',
  path: '/api/t/tickets',
  auth: 'user',
  kind: 'plumbing',
  response: z.object({ as: z.string(), by: z.nullable(z.string()) }),
});
const publicRoute = defineContract({
  id: 'things.public',
  method: 'GET',
  path: '/api/t/public',
  auth: 'public',
  response: z.object({ as: z.string(), by: z.nullable(z.string()) }),
});

/** A write outside any section (no feature read of its own) and one a lapsed account may make. */
const saveNote = defineContract({
  id: 'notes.save',
  method: 'PUT',
  path: '/api/t/notes',
  auth: 'user',
  body: z.strictObject({ text: z.string() }),
  response: z.object({ as: z.string(), by: z.nullable(z.string()) }),
});
const payAgain = defineContract({
  // Not billing.*: that section's feature read would hide whether the status check read anything.
  id: 'plans.checkout.create',
  method: 'POST',
  path: '/api/t/checkout',
  auth: 'user',
  subscriptionExempt: true,
  response: z.object({ as: z.string(), by: z.nullable(z.string()) }),
});

const adminRead = defineContract({
  id: 'flags.things.list',
  method: 'GET',
  path: '/api/t/admin',
  auth: 'user',
  superuserOnly: true,
  response: z.object({ as: z.string(), by: z.nullable(z.string()) }),
});
const adminWrite = defineContract({
  id: 'flags.things.create',
  method: 'POST',
  path: '/api/t/admin',
  auth: 'user',
  superuserOnly: true,
  body: z.strictObject({ name: z.string() }),
  response: z.object({ as: z.string(), by: z.nullable(z.string()) }),
});

const who = (actor: Actor) => ({
  as: actor.kind === 'user' ? actor.userId : 'anonymous',
  by: actor.kind === 'user' ? (actor.impersonator?.userId ?? null) : null,
});

interface Caller {
  sub: string;
  superuser?: boolean;
  demo?: boolean;
  impersonation?: string;
}

function event(method: string, path: string, caller?: Caller, body?: string): HttpEvent {
  const claims: Record<string, string> = caller
    ? { sub: caller.sub, email: `${caller.sub}@example.com` }
    : {};
  if (caller?.superuser) claims['cognito:groups'] = '[superusers]';
  if (caller?.demo) claims['cognito:groups'] = '[demo]';
  return {
    version: '2.0',
    routeKey: '$default',
    rawPath: path,
    rawQueryString: '',
    headers: {
      ...(caller?.impersonation ? { 'X-Impersonation': caller.impersonation } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body,
    isBase64Encoded: false,
    requestContext: {
      accountId: '0',
      apiId: 'test',
      domainName: 'localhost',
      domainPrefix: 'local',
      requestId: 'req-1',
      routeKey: '$default',
      stage: '$default',
      time: START,
      timeEpoch: Date.parse(START),
      http: { method, path, protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'test' },
      // No `sub` claim (a public route's event) is an anonymous caller.
      authorizer: { jwt: { claims, scopes: [] }, principalId: '', integrationLatency: 0 },
    },
  };
}

function flag(name: string, gates: SectionId[], changes: Partial<FeatureFlag> = {}): FeatureFlag {
  return {
    name,
    description: '',
    isEnabled: true,
    targetUserTypes: ['store'],
    rolloutPercentage: 0,
    gates,
    version: 1,
    createdAt: START,
    updatedAt: START,
    rolloutChangedAt: START,
    lastEvaluatedAt: null,
    ...changes,
  };
}

function setup() {
  const table = fakeTable();
  const clock = fixedClock(START);
  const access = createAccessControl(table.client, TABLE, { clock, ids: sequenceIds('audit') });
  let runs = 0;
  const auditedBeforeRun: number[] = [];
  const audits = () => table.items().filter((i) => i.__edb_e__ === 'auditEntry');
  const pipeline = createHttpPipeline(
    [
      route(listClients, async ({ actor }) => {
        runs++;
        return who(actor);
      }),
      route(createClient, async ({ actor }) => {
        runs++;
        // What the log held when the write ran: its entry must already be there.
        auditedBeforeRun.push(audits().length);
        return { as: who(actor).as, audited: audits().length };
      }),
      route(profileRoute, async ({ actor }) => who(actor)),
      route(playground, async ({ actor }) => who(actor)),
      route(publicRoute, async ({ actor }) => who(actor)),
      route(ticketRoute, async ({ actor }) => who(actor)),
      route(adminRead, async ({ actor }) => who(actor)),
      route(saveNote, async ({ actor }) => {
        runs++;
        return who(actor);
      }),
      route(payAgain, async ({ actor }) => who(actor)),
      route(adminWrite, async ({ actor }) => {
        runs++;
        return who(actor);
      }),
    ],
    powertoolsFor('test'),
    () => access,
  );

  const put = <T extends { params(options: { table: string }): { Item?: Record<string, unknown> } }>(
    op: T,
  ) => {
    const { Item } = op.params({ table: TABLE });
    if (!Item) throw new Error('no item');
    table.put(Item);
  };
  const profile = (
    userId: string,
    changes: {
      role?: Role;
      isSuperuser?: boolean;
      subscriptionStatus?: SubscriptionStatus;
      trialEndsAt?: string;
      pastDueSince?: string;
    } = {},
  ) =>
    put(
      profileView.put({
        userId,
        role: changes.role ?? 'store',
        businessName: `${userId} shop`,
        contactEmail: `${userId}@example.com`,
        phone: '+34600000000',
        location: 'Madrid',
        currency: 'EUR',
        language: 'en',
        publicWtbList: false,
        publicWtsList: false,
        publicWtcList: false,
        emailNotifications: true,
        subscriptionStatus: changes.subscriptionStatus ?? 'active',
        subscriptionPlan: 'standard',
        isSuperuser: changes.isSuperuser ?? false,
        trialEndsAt: changes.trialEndsAt ?? START,
        ...(changes.pastDueSince ? { pastDueSince: changes.pastDueSince } : {}),
        createdAt: START,
      }),
    );
  const flags = (list: FeatureFlag[], revision = 1) =>
    put(flagConfigView.put({ scope: FLAG_CONFIG_SCOPE, flags: list, rules: [], revision, updatedAt: START }));
  const grants = (userId: string, map: Record<string, boolean>) =>
    put(userFeatureAccessView.put({ userId, grants: map, overrides: {}, updatedAt: START }));
  const grant = (
    token: string,
    changes: { superuserId?: string; expiresAt?: string; stoppedAt?: string } = {},
  ) =>
    put(
      impersonationView.put({
        tokenHash: impersonationTokenHash(token),
        id: `imp-${token}`,
        superuserId: changes.superuserId ?? 'root',
        superuserEmail: 'root@example.com',
        targetUserId: 'store-1',
        targetEmail: 'store-1@example.com',
        startedAt: START,
        expiresAt: changes.expiresAt ?? '2025-06-01T10:30:00.000Z',
        ...(changes.stoppedAt ? { stoppedAt: changes.stoppedAt } : {}),
      }),
    );

  async function call(method: string, path: string, caller?: Caller, body?: string) {
    const res = await pipeline(event(method, path, caller, body));
    return { status: res.statusCode, body: JSON.parse(res.body ?? 'null') as Record<string, unknown> };
  }

  return {
    table,
    clock,
    call,
    profile,
    flags,
    grants,
    grant,
    audits,
    auditedBeforeRun,
    runs: () => runs,
  };
}

const NOT_AVAILABLE = {
  error: {
    code: 'FEATURE_NOT_AVAILABLE',
    message: 'This feature is not currently available for your account.',
  },
};
const INVALID = {
  error: { code: 'IMPERSONATION_INVALID', message: 'This impersonation has ended or is not yours.' },
};

describe('feature enforcement in the HTTP pipeline', () => {
  let t: ReturnType<typeof setup>;
  beforeEach(() => {
    t = setup();
    t.profile('store-1');
    t.profile('store-2');
    t.profile('root', { isSuperuser: true });
  });

  it('reads nothing for a route with no section and no feature', async () => {
    t.flags([flag('clients-beta', ['clients'])]);
    expect((await t.call('GET', '/api/t/me', { sub: 'store-1' })).status).toBe(200);
    expect(t.table.requests()).toBe(0);
  });

  it('refuses a route of a gated section with 403 FEATURE_NOT_AVAILABLE in one request, then from cache', async () => {
    t.flags([flag('clients-beta', ['clients'])]);
    const res = await t.call('GET', '/api/t/clients', { sub: 'store-1' });
    expect(res).toEqual({ status: 403, body: NOT_AVAILABLE });
    expect(t.table.log).toEqual(['BatchGetItemCommand']);
    expect(t.runs()).toBe(0);

    expect((await t.call('GET', '/api/t/clients', { sub: 'store-1' })).status).toBe(403);
    expect(t.table.requests()).toBe(1);
  });

  it('lets a granted user in and a superuser through; a route its section does not gate stays free', async () => {
    t.flags([flag('clients-beta', ['clients'])]);
    t.grants('store-1', { 'clients-beta': true });
    expect(await t.call('GET', '/api/t/clients', { sub: 'store-1' })).toEqual({
      status: 200,
      body: { as: 'store-1', by: null },
    });
    expect((await t.call('GET', '/api/t/clients', { sub: 'root', superuser: true })).status).toBe(200);
    expect((await t.call('GET', '/api/t/clients', { sub: 'store-2' })).status).toBe(403);
    expect(t.table.requests()).toBe(3);
  });

  it('makes no request for an ungated section once the config is cached, whoever calls', async () => {
    t.flags([flag('bookings-beta', ['bookings'])]);
    expect((await t.call('GET', '/api/t/clients', { sub: 'store-1' })).status).toBe(200);
    expect(t.table.requests()).toBe(1);
    // Another user, never loaded: nothing gates 'clients', so their grants are not read.
    expect((await t.call('GET', '/api/t/clients', { sub: 'store-2' })).status).toBe(200);
    expect(t.table.requests()).toBe(1);
  });

  it('sees a change only after the cache time, with one request', async () => {
    t.flags([flag('clients-beta', ['clients'])]);
    expect((await t.call('GET', '/api/t/clients', { sub: 'store-1' })).status).toBe(403);
    t.grants('store-1', { 'clients-beta': true });
    t.clock.advance(FEATURE_CACHE_TTL_MS - 1);
    expect((await t.call('GET', '/api/t/clients', { sub: 'store-1' })).status).toBe(403);
    expect(t.table.requests()).toBe(1);
    t.clock.advance(1);
    expect((await t.call('GET', '/api/t/clients', { sub: 'store-1' })).status).toBe(200);
    expect(t.table.requests()).toBe(2);
  });

  it("enforces a contract's own feature, also with no flag at all (a missing flag denies)", async () => {
    expect(await t.call('GET', '/api/t/playground', { sub: 'store-1' })).toEqual({
      status: 403,
      body: NOT_AVAILABLE,
    });
    t.flags([flag('api-playground', [], { rolloutPercentage: 100 })]);
    t.clock.advance(FEATURE_CACHE_TTL_MS);
    expect((await t.call('GET', '/api/t/playground', { sub: 'store-1' })).status).toBe(200);
  });

  it('denies a gated route to a user without a profile (the decision has no subject)', async () => {
    t.flags([flag('clients-beta', ['clients'], { rolloutPercentage: 100 })]);
    expect((await t.call('GET', '/api/t/clients', { sub: 'no-profile' })).status).toBe(403);
    expect((await t.call('GET', '/api/t/clients', { sub: 'store-1' })).status).toBe(200);
  });

  it('never checks public routes', async () => {
    t.flags([flag('clients-beta', ['clients'])]);
    expect((await t.call('GET', '/api/t/public')).status).toBe(200);
    expect(t.table.requests()).toBe(0);
  });
});

describe('impersonation in the HTTP pipeline', () => {
  let t: ReturnType<typeof setup>;
  beforeEach(() => {
    t = setup();
    t.profile('store-1');
    t.profile('root', { isSuperuser: true });
  });
  const root = (token: string): Caller => ({ sub: 'root', superuser: true, impersonation: token });

  it("acts as the target for the grant's superuser, with one consistent read", async () => {
    t.grant('tok-a');
    expect(await t.call('GET', '/api/t/me', root('tok-a'))).toEqual({
      status: 200,
      body: { as: 'store-1', by: 'root' },
    });
    expect(t.table.log).toEqual(['GetItemCommand']);
    // Reads are not audited.
    expect(t.audits()).toEqual([]);
  });

  it("applies the target's features, not the superuser's", async () => {
    t.flags([flag('clients-beta', ['clients'])]);
    t.grant('tok-a');
    expect((await t.call('GET', '/api/t/clients', { sub: 'root', superuser: true })).status).toBe(200);
    expect(await t.call('GET', '/api/t/clients', root('tok-a'))).toEqual({
      status: 403,
      body: NOT_AVAILABLE,
    });
  });

  it('refuses a grant used by another superuser, a stopped or expired one, an unknown token', async () => {
    t.grant('tok-other', { superuserId: 'someone-else' });
    t.grant('tok-stopped', { stoppedAt: '2025-06-01T10:05:00.000Z' });
    t.grant('tok-expired', { expiresAt: START });
    for (const token of ['tok-other', 'tok-stopped', 'tok-expired', 'tok-unknown']) {
      expect(await t.call('GET', '/api/t/me', root(token)), token).toEqual({ status: 403, body: INVALID });
    }
  });

  it('ends at the expiry instant', async () => {
    t.grant('tok-a', { expiresAt: '2025-06-01T10:30:00.000Z' });
    t.clock.advance(30 * 60_000 - 1);
    expect((await t.call('GET', '/api/t/me', root('tok-a'))).status).toBe(200);
    t.clock.advance(1);
    expect(await t.call('GET', '/api/t/me', root('tok-a'))).toEqual({ status: 403, body: INVALID });
  });

  it('refuses a caller who is not (or no longer) a superuser, without reading the grant', async () => {
    t.grant('tok-a');
    expect(await t.call('GET', '/api/t/me', { sub: 'root', impersonation: 'tok-a' })).toEqual({
      status: 403,
      body: INVALID,
    });
    expect(await t.call('GET', '/api/t/me', { sub: 'store-1', impersonation: 'tok-a' })).toEqual({
      status: 403,
      body: INVALID,
    });
    expect(t.table.requests()).toBe(0);
  });

  it('ignores the header on public routes', async () => {
    // Whatever claims reach a public route, the header changes nothing and reads nothing.
    expect(await t.call('GET', '/api/t/public', root('anything'))).toEqual({
      status: 200,
      body: { as: 'root', by: null },
    });
    expect(t.table.requests()).toBe(0);
  });

  it('records a write in the audit log before it runs, with the real actor', async () => {
    t.grant('tok-a');
    const res = await t.call('POST', '/api/t/clients/vip', root('tok-a'), '{"name":"Ana"}');
    expect(res).toEqual({ status: 201, body: { as: 'store-1', audited: 1 } });
    expect(t.auditedBeforeRun).toEqual([1]);
    expect(t.audits()).toHaveLength(1);
    const entry = auditEntity.parse({ Item: t.audits()[0] }).data;
    expect(entry).toMatchObject({
      action: 'impersonation.write',
      actorUserId: 'root',
      actorEmail: 'root@example.com',
      impersonatedUserId: 'store-1',
      subject: 'crm.clients.create',
      at: START,
    });
    expect(JSON.parse(entry?.after ?? '')).toEqual({
      method: 'POST',
      path: '/api/t/clients/vip',
      params: { kind: 'vip' },
    });
  });

  it("does not audit the app's plumbing (the realtime ticket every screen asks for, issue 25)", async () => {
    t.grant('tok-a');
    const res = await t.call('POST', '/api/t/tickets', root('tok-a'));
    expect(res).toEqual({ status: 201, body: { as: 'store-1', by: 'root' } });
    expect(t.audits()).toEqual([]);
  });

  it('refuses a write it cannot record (503 AUDIT_UNAVAILABLE) and does not run it', async () => {
    t.grant('tok-a');
    t.table.failPuts(true);
    const res = await t.call('POST', '/api/t/clients/vip', root('tok-a'), '{"name":"Ana"}');
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ error: { code: 'AUDIT_UNAVAILABLE' } });
    expect(t.runs()).toBe(0);
  });

  it('does not audit a superuser writing as themselves', async () => {
    const res = await t.call(
      'POST',
      '/api/t/clients/vip',
      { sub: 'root', superuser: true },
      '{"name":"Ana"}',
    );
    expect(res).toEqual({ status: 201, body: { as: 'root', audited: 0 } });
    expect(t.table.log).not.toContain('PutItemCommand');
  });
});

describe('superuser-only routes in the HTTP pipeline', () => {
  let t: ReturnType<typeof setup>;
  beforeEach(() => {
    t = setup();
    t.grant('tok-a');
  });
  const REQUIRED = {
    error: { code: 'SUPERUSER_REQUIRED', message: 'Only superusers can change this setting.' },
  };

  it('refuses everyone but a superuser before validating the input', async () => {
    expect(await t.call('GET', '/api/t/admin', { sub: 'store-1' })).toEqual({ status: 403, body: REQUIRED });
    // An invalid body still answers 403: a store learns nothing about the input.
    expect(await t.call('POST', '/api/t/admin', { sub: 'store-1' }, '{"wrong":1}')).toEqual({
      status: 403,
      body: REQUIRED,
    });
    expect(t.runs()).toBe(0);
    expect((await t.call('GET', '/api/t/admin', { sub: 'root', superuser: true })).status).toBe(200);
    expect(
      (await t.call('POST', '/api/t/admin', { sub: 'root', superuser: true }, '{"wrong":1}')).status,
    ).toBe(400);
  });

  it('answers the demo user DEMO_MODE on writes and SUPERUSER_REQUIRED on reads', async () => {
    expect(
      (await t.call('POST', '/api/t/admin', { sub: 'x', demo: true }, '{"name":"a"}')).body,
    ).toMatchObject({
      error: { code: 'DEMO_MODE' },
    });
    expect(await t.call('GET', '/api/t/admin', { sub: 'x', demo: true })).toEqual({
      status: 403,
      body: REQUIRED,
    });
  });

  it('refuses a superuser while they impersonate someone (they act as that user)', async () => {
    expect(
      await t.call('GET', '/api/t/admin', { sub: 'root', superuser: true, impersonation: 'tok-a' }),
    ).toEqual({ status: 403, body: REQUIRED });
  });
});

const REQUIRED = { error: { code: SUBSCRIPTION_REQUIRED_CODE, message: SUBSCRIPTION_REQUIRED_MESSAGE } };
const DAY = 24 * 60 * 60 * 1000;
const daysFrom = (iso: string, days: number) => new Date(Date.parse(iso) + days * DAY).toISOString();

describe('the subscription status of writes in the HTTP pipeline (docs/adr/0021)', () => {
  let t: ReturnType<typeof setup>;
  beforeEach(() => {
    t = setup();
    t.profile('lapsed', { subscriptionStatus: 'canceled' });
    t.profile('paying');
    t.profile('root', { isSuperuser: true });
  });
  const note = '{"text":"hi"}';

  it('answers a canceled account 402 SUBSCRIPTION_REQUIRED on a write, before its input is validated', async () => {
    expect(await t.call('PUT', '/api/t/notes', { sub: 'lapsed' }, note)).toEqual({
      status: 402,
      body: REQUIRED,
    });
    expect(await t.call('PUT', '/api/t/notes', { sub: 'lapsed' }, '{"bad":1}')).toEqual({
      status: 402,
      body: REQUIRED,
    });
    expect(await t.call('POST', '/api/t/clients/vip', { sub: 'lapsed' }, '{"name":"Ana"}')).toEqual({
      status: 402,
      body: REQUIRED,
    });
    expect(t.runs()).toBe(0);
  });

  it('lets it read, use the app plumbing and the exempt routes that let it pay again', async () => {
    expect((await t.call('POST', '/api/t/tickets', { sub: 'lapsed' })).status).toBe(201);
    expect(await t.call('POST', '/api/t/checkout', { sub: 'lapsed' })).toEqual({
      status: 201,
      body: { as: 'lapsed', by: null },
    });
    // Not looked at at all: no status read.
    expect(t.table.requests()).toBe(0);
    expect((await t.call('GET', '/api/t/clients', { sub: 'lapsed' })).status).toBe(200);
    expect((await t.call('GET', '/api/t/me', { sub: 'lapsed' })).status).toBe(200);
  });

  it('costs one BatchGet cold (shared with the features) and no request warm', async () => {
    t.flags([flag('clients-beta', ['clients'], { rolloutPercentage: 100 })]);
    expect((await t.call('POST', '/api/t/clients/vip', { sub: 'paying' }, '{"name":"Ana"}')).status).toBe(
      201,
    );
    expect(t.table.log).toEqual(['BatchGetItemCommand']);
    expect((await t.call('POST', '/api/t/clients/vip', { sub: 'paying' }, '{"name":"Ana"}')).status).toBe(
      201,
    );
    expect((await t.call('PUT', '/api/t/notes', { sub: 'paying' }, note)).status).toBe(200);
    expect(t.table.requests()).toBe(1);
  });

  it('reads a cached refusal again once before answering it: a user who has just paid writes at once', async () => {
    expect((await t.call('PUT', '/api/t/notes', { sub: 'lapsed' }, note)).status).toBe(402);
    // Read by that call itself: refused without a second look.
    expect(t.table.requests()).toBe(1);
    t.profile('lapsed', { subscriptionStatus: 'active' });
    expect((await t.call('PUT', '/api/t/notes', { sub: 'lapsed' }, note)).status).toBe(200);
    expect(t.table.requests()).toBe(2);
    // The fresh read replaced the cached entry: the next write reads nothing.
    expect((await t.call('PUT', '/api/t/notes', { sub: 'lapsed' }, note)).status).toBe(200);
    expect(t.table.requests()).toBe(2);
  });

  it('lets a user who lapsed while cached be refused only after that fresh look', async () => {
    expect((await t.call('PUT', '/api/t/notes', { sub: 'paying' }, note)).status).toBe(200);
    t.profile('paying', { subscriptionStatus: 'canceled' });
    // Within the cache's time the cached state still lets them write (docs/adr/0010's 15 s).
    expect((await t.call('PUT', '/api/t/notes', { sub: 'paying' }, note)).status).toBe(200);
    t.clock.advance(FEATURE_CACHE_TTL_MS);
    expect((await t.call('PUT', '/api/t/notes', { sub: 'paying' }, note)).status).toBe(402);
    expect(t.table.requests()).toBe(2);
  });

  it('writes while past due within the grace period, not after it', async () => {
    t.profile('late', {
      subscriptionStatus: 'past_due',
      pastDueSince: daysFrom(START, -(PAST_DUE_GRACE_DAYS - 1)),
    });
    t.profile('later', {
      subscriptionStatus: 'past_due',
      pastDueSince: daysFrom(START, -PAST_DUE_GRACE_DAYS),
    });
    expect((await t.call('PUT', '/api/t/notes', { sub: 'late' }, note)).status).toBe(200);
    expect(await t.call('PUT', '/api/t/notes', { sub: 'later' }, note)).toEqual({
      status: 402,
      body: REQUIRED,
    });
  });

  it('refuses a trial that ended without word from the provider, not one still running', async () => {
    t.profile('trialing', { subscriptionStatus: 'trial', trialEndsAt: daysFrom(START, 3) });
    t.profile('expired', { subscriptionStatus: 'trial', trialEndsAt: daysFrom(START, -1) });
    expect((await t.call('PUT', '/api/t/notes', { sub: 'trialing' }, note)).status).toBe(200);
    expect((await t.call('PUT', '/api/t/notes', { sub: 'expired' }, note)).status).toBe(402);
  });

  it('never refuses a user without a profile (onboarding), a superuser as themselves, or the demo user', async () => {
    t.profile('root', { isSuperuser: true, subscriptionStatus: 'canceled' });
    expect((await t.call('PUT', '/api/t/notes', { sub: 'no-profile' }, note)).status).toBe(200);
    expect((await t.call('PUT', '/api/t/notes', { sub: 'root', superuser: true }, note)).status).toBe(200);
    // The demo user's writes are refused by its use cases (DEMO_MODE), never as a lapsed account.
    expect((await t.call('PUT', '/api/t/notes', { sub: 'x', demo: true }, note)).status).toBe(200);
  });

  it("refuses a superuser impersonating a lapsed user (they see the user's view), and audits nothing", async () => {
    t.table.put(
      impersonationView
        .put({
          tokenHash: impersonationTokenHash('tok-l'),
          id: 'imp-tok-l',
          superuserId: 'root',
          superuserEmail: 'root@example.com',
          targetUserId: 'lapsed',
          targetEmail: 'lapsed@example.com',
          startedAt: START,
          expiresAt: '2025-06-01T10:30:00.000Z',
        })
        .params({ table: TABLE }).Item ?? {},
    );
    const asLapsed = { sub: 'root', superuser: true, impersonation: 'tok-l' };
    expect(await t.call('PUT', '/api/t/notes', asLapsed, note)).toEqual({ status: 402, body: REQUIRED });
    expect((await t.call('GET', '/api/t/me', asLapsed)).body).toEqual({ as: 'lapsed', by: 'root' });
    expect(t.audits()).toEqual([]);
    expect(t.runs()).toBe(0);
  });

  it('never checks public routes', async () => {
    expect((await t.call('GET', '/api/t/public', { sub: 'lapsed' })).status).toBe(200);
    expect(t.table.requests()).toBe(0);
  });
});
