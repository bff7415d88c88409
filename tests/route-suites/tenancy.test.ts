import { getPricingRun, getPricingStrategy } from '@sneakers/shared/contracts/pricing';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import type { Contract } from '@sneakers/shared/contracts/contract';
import { IMPERSONATION_HEADER } from '@sneakers/shared/contracts/admin';
import { getProduct } from '@sneakers/shared/contracts/catalog';
import { listImports } from '@sneakers/shared/contracts/catalog-tools';
import {
  getOrder,
  getPayment,
  getSale,
  getShipment,
  getVirtualProduct,
} from '@sneakers/shared/contracts/commerce';
import { getBooking, getClient } from '@sneakers/shared/contracts/crm';
import {
  getMyFeatureAccess,
  listAccessRules,
  listFlagGrants,
  listFlags,
  listOverrides,
} from '@sneakers/shared/contracts/flags';
import { getMyItem } from '@sneakers/shared/contracts/lists';
import {
  getConversation,
  getUnreadMessages,
  listMessages,
  listRatings,
  listTradingPartners,
} from '@sneakers/shared/contracts/messaging';
import { listNotifications } from '@sneakers/shared/contracts/notifications';
import { listAnonymousOffers, listOffers } from '@sneakers/shared/contracts/offers';
import { getMyProfile } from '@sneakers/shared/contracts/profiles';
import {
  getProviderRegistrationLink,
  listConsignments,
  listProviders,
} from '@sneakers/shared/contracts/providers';
import { asRecord, fieldNames, objectShape, validSample } from './support/contract-values';
import {
  bearer,
  createSender,
  errorBodySchema,
  errorModelProblem,
  type Answer,
  type Send,
} from './support/http';
import { baseParts, outgoing } from './support/requests';
import { contracts, pathParamNames, routeLabel } from './support/routes';
import { createTally } from './support/tally';
import { apiKeyIdsOf } from './support/api-keys';
import { buildWorld, countingApi, hasFeature, removeWorldAccess, trader, type World } from './support/world';

/**
 * Store A owns one or two records of every kind; user B, with a profile of its own,
 * calls every user route with A's ids in the path, the body and the page cursor. B gets
 * 403 or 404 and none of A's data; routes without ids answer B about B only; and A's
 * records read the same afterwards.
 */
const tally = createTally('tenancy');

/** Path parameters → A's record of that kind. A route with a parameter not listed here fails. */
const PATH_IDS: Record<string, (w: World) => string> = {
  /** One of A's API keys (support/api-keys.ts issues them with the world). */
  keyId: (w) => apiKeyIdsOf(w.owner.token)[0]!,
  itemId: (w) => w.items[0]!.id,
  /** The store API's snake_case name of an item (POST /v1/sales). */
  item_id: (w) => w.items[0]!.id,
  clientId: (w) => w.clients[0]!.id,
  bookingId: (w) => w.bookings[0]!.id,
  providerId: (w) => w.providers[0]!.id,
  consignmentId: (w) => w.consignment.id,
  offerId: (w) => w.offers[0]!.id,
  anonymousOfferId: (w) => w.anonymousOffers[0]!.id,
  notificationId: (w) => w.notifications[0]!.id,
  /** The superuser's records about A (flags routes are superuser-only: B must get 403 on each). */
  userId: (w) => w.owner.userId,
  name: (w) => w.access.flag.name,
  feature: (w) => w.access.flag.name,
  ruleId: (w) => w.access.rule.id,
  impersonationId: (w) => w.access.impersonation.id,
  /** The superuser's import job (data population is superuser-only: B must get 403). */
  importId: (w) => w.catalog.importJob.id,
  saleId: (w) => w.sales[0]!.id,
  orderId: (w) => w.orders[0]!.id,
  shipmentId: (w) => w.shipments[0]!.id,
  paymentId: (w) => w.payments[0]!.id,
  virtualProductId: (w) => w.virtualProducts[0]!.id,
  conversationId: (w) => w.conversations[0]!.id,
  endpointId: (w) => w.webhookEndpoints[0]!.id,
  deliveryId: (w) => w.webhookDeliveries[0]!.id,
  hideId: (w) => w.dealHides[0]!.id,
  strategyId: (w) => w.pricingStrategies[0]!.id,
  runId: (w) => w.pricingRuns[0]!.id,
  exportId: (w) => w.dataExports[0]!.exportId,
  /** A data row of A's mapped import (with A's import id: B must get 404). */
  row: () => '0',
  mappingId: (w) => w.savedMappings[0]!.mappingId,
};

/** The migration import routes name A's own import (`importId` above is the catalogue's). */
const MIGRATION_IMPORT_ROUTES = [
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
];

/**
 * Path parameters that name a record of the shared catalogue (listed in NOT_TENANT_IDS) →
 * the suite's own product: B may read it like anyone, and must not change it.
 */
/**
 * A route whose path parameter must name a particular record of A's kind → that record: an
 * item's price history needs an item a strategy priced (an inventory pair, priced twice, so
 * its history has a second page).
 */
const ROUTE_PATH_IDS: Record<string, Record<string, (w: World) => string>> = {
  'pricing.items.history': { itemId: (w) => w.inventoryItems[0]!.id },
  ...Object.fromEntries(
    MIGRATION_IMPORT_ROUTES.map((id) => [id, { importId: (w: World) => w.dataImports[0]!.importId }]),
  ),
};

const SHARED_PATH_IDS: Record<string, (w: World) => string> = {
  productId: (w) => w.catalog.products[0]!.id,
  gtin: (w) => w.catalog.gtin,
};

/** Body and query fields that reference a record → A's record. */
const FIELD_IDS: Record<string, (w: World) => unknown> = {
  itemId: (w) => w.items[0]!.id,
  /** The online store's chosen virtual products. */
  virtualProductIds: (w) => [w.virtualProducts[0]!.id],
  /** The store API's snake_case name of an item (POST /v1/sales). */
  item_id: (w) => w.items[0]!.id,
  clientId: (w) => w.clients[0]!.id,
  bookingId: (w) => w.bookings[0]!.id,
  providerId: (w) => w.providers[0]!.id,
  consignmentId: (w) => w.consignment.id,
  /** A payment settles consignments: A's sold, unpaid one would be the prize. */
  consignmentIds: (w) => [w.consignment.id],
  offerId: (w) => w.offers[0]!.id,
  anonymousOfferId: (w) => w.anonymousOffers[0]!.id,
  notificationId: (w) => w.notifications[0]!.id,
  /** A shipment's link to a record of A's (create), and the record it names (associate). */
  link: (w) => ({ kind: 'sale', id: w.sales[0]!.id }),
  id: (w) => w.sales[0]!.id,
  listOwnerId: (w) => w.owner.userId,
  storeUserId: (w) => w.owner.userId,
  userId: (w) => w.owner.userId,
  targetUserId: (w) => w.owner.userId,
  /** The flag the superuser granted A and overrode for A. */
  feature: (w) => w.access.flag.name,
  /** An uploaded avatar's object key (avatars/{userId}/...). */
  key: (w) => w.avatarKey,
  /** A conversation with A about A's item, and a rating of A (B never traded with A). */
  partnerUserId: (w) => w.owner.userId,
  relatedItem: (w) => ({ ownerUserId: w.owner.userId, listType: 'wtb', itemId: w.items[0]!.id }),
  ownerUserId: (w) => w.owner.userId,
  rateeUserId: (w) => w.owner.userId,
  /** A deals hide naming A (a partner hide of A, or A's id as a deal's). */
  targetId: (w) => w.owner.userId,
};

/**
 * Fields a route matches against the caller's own records by value (a client's or
 * provider's email, import rows): B sends A's values and must get B's answer (a new
 * record of B's, not a 409 that says A has one), and A's records must not change.
 */
const SCOPED_MATCH_FIELDS: Record<string, (w: World) => unknown> = {
  email: (w) => w.sharedEmail,
  rows: (w) => [{ name: 'Imported', email: w.sharedEmail, phone: '+34 600000009' }],
};

/** Id-like fields that name nothing a store owns. */
const NOT_TENANT_IDS: Record<string, string> = {
  productCatalogId: 'a catalogue product, the same for every store',
  productVariantId: 'a catalogue variant, the same for every store',
  productId:
    'a catalogue product (path) or a marketplace product (marketplace call): one catalogue for every store',
  variantId: "a marketplace product's variant, the same for every store",
  marketplaceProductId: "the marketplace's id of a catalogue product, the same for every store",
  marketplaceVariantId: "the marketplace's id of a catalogue variant, the same for every store",
  gtin: 'the box barcode of a catalogue size, the same for every store',
  clientMessageId:
    "the sender's own id for one send (a retry sends it again): it is only ever looked up among the caller's own sends",
};

const FEATURE_NOT_AVAILABLE = 'FEATURE_NOT_AVAILABLE';

/**
 * Routes that take another user's ids by design, with why. They may succeed; they must
 * still not show B anything A keeps private, nor change A's records.
 */
const CROSS_TENANT_BY_DESIGN: Record<string, string> = {
  'offers.create':
    "an offer names the items of another trader's public list (listOwnerId, lines[].itemId): that is the product",
  'messaging.conversations.start':
    'a trader messages another trader (partnerUserId), optionally about an item of their public list: that is the product',
  'deals.hide':
    "a trader hides another trader's deals from their own board (targetId): it writes only the caller's preferences, labelled with the business name A's public list shows",
};

/**
 * What a cross-tenant-by-design answer shows of A on purpose (route id → markers it may
 * contain): a conversation shows the partner's avatar, as A's public list does.
 */
const SHOWN_BY_DESIGN: Record<string, (w: World) => string[]> = {
  'messaging.conversations.start': (w) => [w.avatarKey],
};

const SUPERUSER_REQUIRED = 'SUPERUSER_REQUIRED';

const featureAccessSchema = getMyFeatureAccess.response;

/**
 * Routes without ids that answer about the caller from records others have about them (the
 * superuser's grant and override of A), each with what B's answer must show, and A's as the
 * control that the fixture is visible at all. They also run in the loop below as any route.
 */
const ABOUT_THE_CALLER: Record<string, (w: World, intruderId: string, ofA: Answer, ofB: Answer) => string[]> =
  {
    'flags.me': (w, intruderId, ofA, ofB) => {
      const flag = w.access.flag.name;
      const a = z.safeParse(featureAccessSchema, ofA.json);
      const b = z.safeParse(featureAccessSchema, ofB.json);
      if (!a.success || !b.success)
        return [`status A ${ofA.status}, B ${ofB.status}: ${ofB.text.slice(0, 300)}`];
      const problems: string[] = [];
      if (a.data.subject?.userId !== w.owner.userId || a.data.data.grants[flag] !== true)
        problems.push(`control: A's answer lacks A's grant of ${flag}: ${ofA.text.slice(0, 300)}`);
      if (b.data.subject?.userId !== intruderId) problems.push(`subject is not B: ${ofB.text.slice(0, 300)}`);
      if (flag in b.data.data.grants) problems.push(`B sees A's grant of ${flag}`);
      if (b.data.data.overrides.some((o) => o.feature === flag))
        problems.push(`B sees A's override of ${flag}`);
      return problems;
    },
  };

/**
 * List routes whose query narrows the caller's OWN records to those about one record (route
 * id → that query, naming A's record): B's shipments linked to A's sale, B's payments to A's
 * provider. B's answer is B's own page, empty (or 403/404), and never any of A's; A's answer
 * to the same query is the control that the filter finds something.
 */
const OWN_LIST_FILTERS: Record<string, (w: World) => Record<string, string>> = {
  'commerce.shipments.list': (w) => ({ linkKind: 'sale', linkId: w.sales[0]!.id }),
  'commerce.payments.list': (w) => ({ providerId: w.providers[0]!.id }),
  'pricing.runs.list': (w) => ({ strategyId: w.pricingStrategies[0]!.id }),
};

/** Route id → why this suite cannot exercise it (printed and counted). Empty: every user route runs. */
const NOT_EXERCISED: Record<string, string> = {};

/**
 * Body values a route's use case needs before it looks anything up, which its contract leaves
 * optional (route id → values): without them B's request stops at a 400 and never reaches A's
 * records. A sale of an inventory item needs the size sold.
 */
const COMPLETE_BODY: Record<string, Record<string, unknown>> = {
  'commerce.sales.create': { size: '10' },
  // An import of a file the service takes (a .csv under the size limit), so B's import is made.
  'migration.imports.create': { fileName: 'stock.csv', size: 100 },
};

/**
 * Routes without ids that also check a secret or a state only the caller has (route id → the
 * refusal's code): the current password, the code emailed to a new sign-in address. The suite cannot
 * know B's, so B gets that refusal, which names nothing of A; the route acts only on the
 * user behind B's own token.
 */
const CALLERS_SECRET: Record<string, string> = {
  'account.changePassword': 'WRONG_PASSWORD',
  'account.verifyEmail': 'INVALID_CODE',
  // Closing asks for the password again; cancelling needs the caller's own pending closure,
  // which B (never closing: its password is not the suite's to know) does not have.
  'account.closure.request': 'WRONG_PASSWORD',
  'account.closure.cancel': 'NO_CLOSURE',
};

/** Query values that make a list route list the kind of records A has. */
const QUERY_VALUES = { listType: 'wtb', list: 'wtb' };

const looksLikeId = (name: string) => /(Id|Key|Token)$|^(id|key|token)$/.test(name);

/** Routes with a caller: a user's token, or a store's API key on the store API (support/api-keys.ts). */
const userRoutes = contracts.filter((c) => c.auth !== 'public');
const order = (c: Contract) => (c.method === 'GET' ? 0 : c.method === 'DELETE' ? 2 : 1);
/** Reads first (before B's own writes give B records that legitimately mention A's public list), deletes last. */
const ordered = [...userRoutes].sort((a, b) => order(a) - order(b));

let send: Send;
let world: World;
let intruder: Awaited<ReturnType<typeof trader>>;
let before: unknown;
/** Features B lacks among those the routes need (B must be refused them: 403 FEATURE_NOT_AVAILABLE). */
const lackedByB = new Set<string>();
const cursorsOfA = new Map<string, string>();

/** Everything A can read back about its records, by record. */
async function snapshotOfA(w: World) {
  const call = countingApi(tally, w.owner.token);
  const offerIds = new Set(w.offers.map((o) => o.id));
  const anonymousIds = new Set(w.anonymousOffers.map((o) => o.id));
  const notificationIds = new Set(w.notifications.map((n) => n.id));
  return {
    profile: (await call(getMyProfile)).profile,
    items: await Promise.all(w.items.map((i) => call(getMyItem, { params: { itemId: i.id } }))),
    clients: await Promise.all(w.clients.map((c) => call(getClient, { params: { clientId: c.id } }))),
    bookings: await Promise.all(w.bookings.map((b) => call(getBooking, { params: { bookingId: b.id } }))),
    providers: (await call(listProviders, { query: {} })).providers,
    consignments: await call(listConsignments, { params: { providerId: w.providers[0]!.id } }),
    offers: (await call(listOffers, { query: { box: 'received' } })).offers.filter((o) => offerIds.has(o.id)),
    anonymousOffers: (await call(listAnonymousOffers, { query: {} })).offers.filter((o) =>
      anonymousIds.has(o.id),
    ),
    notifications: (await call(listNotifications, { query: {} })).notifications.filter((n) =>
      notificationIds.has(n.id),
    ),
    registrationLink: await call(getProviderRegistrationLink),
    ...(await commerceSnapshot(w)),
    messaging: await messagingSnapshot(w),
    access: await accessSnapshot(w),
    catalog: await catalogSnapshot(w),
    pricingStrategies: await Promise.all(
      w.pricingStrategies.map((s) => call(getPricingStrategy, { params: { strategyId: s.id } })),
    ),
    pricingRuns: await Promise.all(
      w.pricingRuns.map((r) => call(getPricingRun, { params: { runId: r.id } })),
    ),
  };
}

/** A's trade, record by record (the overview and balances are aggregates the stream updates later). */
async function commerceSnapshot(w: World) {
  const call = countingApi(tally, w.owner.token);
  return {
    virtualProducts: await Promise.all(
      w.virtualProducts.map((v) => call(getVirtualProduct, { params: { virtualProductId: v.id } })),
    ),
    sales: await Promise.all(w.sales.map((s) => call(getSale, { params: { saleId: s.id } }))),
    orders: await Promise.all(w.orders.map((o) => call(getOrder, { params: { orderId: o.id } }))),
    shipments: await Promise.all(w.shipments.map((s) => call(getShipment, { params: { shipmentId: s.id } }))),
    payments: await Promise.all(w.payments.map((p) => call(getPayment, { params: { paymentId: p.id } }))),
  };
}

/** A's conversations with their messages, its unread total, ratings and trading partners. */
async function messagingSnapshot(w: World) {
  const call = countingApi(tally, w.owner.token);
  return {
    conversations: await Promise.all(
      w.conversations.map(async (c) => ({
        ...(await call(getConversation, { params: { conversationId: c.id } })),
        ...(await call(listMessages, { params: { conversationId: c.id }, query: {} })),
      })),
    ),
    unread: await call(getUnreadMessages),
    received: await call(listRatings, { query: { direction: 'received' } }),
    given: await call(listRatings, { query: { direction: 'given' } }),
    partners: await call(listTradingPartners, { query: {} }),
  };
}

/** The suite's own catalogue records, read as the superuser: B's calls must change none. */
async function catalogSnapshot(w: World) {
  const { call } = w.access.superuser;
  const jobId = w.catalog.importJob.id;
  return {
    products: await Promise.all(
      w.catalog.products.map((p) => call(getProduct, { params: { productId: p.id } })),
    ),
    importJob: (await call(listImports, { query: { limit: 50 } })).jobs.find((j) => j.id === jobId),
  };
}

/** What the superuser keeps about A, read as the superuser; and whether its impersonation of A still works. */
async function accessSnapshot(w: World) {
  const { call, token } = w.access.superuser;
  const name = w.access.flag.name;
  const asA = await send({
    method: 'GET',
    target: '/api/profile',
    headers: { ...bearer(token), [IMPERSONATION_HEADER]: w.access.impersonationToken },
  });
  return {
    flag: (await call(listFlags, { query: {} })).flags.find((f) => f.name === name),
    grants: (await call(listFlagGrants, { params: { name } })).grants,
    overrides: (await call(listOverrides)).overrides.filter((o) => o.feature === name),
    rules: (await call(listAccessRules)).rules.filter((r) => r.feature === name),
    impersonation: { status: asA.status, actsAsA: asA.text.includes(w.owner.userId) },
  };
}

/** Strings only A's own reads may contain: its private texts and the ids of its private records. */
function privateMarkers(w: World): string[] {
  return [
    w.privateTag,
    w.other.userId,
    w.avatarKey,
    w.linkToken,
    ...w.clients.map((c) => c.id),
    ...w.bookings.flatMap((b) => [b.id, b.shareId]),
    ...w.providers.map((p) => p.id),
    w.consignment.id,
    ...w.offers.map((o) => o.id),
    ...w.anonymousOffers.map((o) => o.id),
    ...w.notifications.map((n) => n.id),
    w.access.impersonation.id,
    w.access.impersonationToken,
    ...w.virtualProducts.map((v) => v.id),
    ...w.sales.map((s) => s.id),
    ...w.orders.flatMap((o) => [o.id, o.shareId]),
    ...w.shipments.map((s) => s.id),
    ...w.payments.map((p) => p.id),
    ...w.paidConsignments.map((c) => c.id),
    ...w.conversations.map((c) => c.id),
    w.messagingPartner.userId,
  ];
}

/** What A shows on its public list. */
const publicMarkers = (w: World) => [w.publicTag, w.owner.userId, ...w.items.map((i) => i.id)];

const leaked = (answer: Answer, markers: string[]) => markers.filter((m) => answer.text.includes(m));

/** The length of a list answer's page (its one array), or undefined when it has none. */
function pageLength(answer: Answer): number | undefined {
  const body = answer.json;
  if (typeof body !== 'object' || body === null) return undefined;
  const page = Object.values(body).find((v): v is unknown[] => Array.isArray(v));
  return page?.length;
}

/** The route's path parameters: A's records, or the shared catalogue's; `ofA` says whether any is A's. */
function paramsOf(c: Contract): { params: Record<string, string>; ofA: boolean; shared: boolean } {
  const params: Record<string, string> = {};
  let ofA = false;
  let shared = false;
  for (const name of pathParamNames(c.path)) {
    const routeIds = Object.hasOwn(ROUTE_PATH_IDS, c.id) ? ROUTE_PATH_IDS[c.id] : undefined;
    const id = (routeIds && Object.hasOwn(routeIds, name) ? routeIds[name] : undefined) ?? PATH_IDS[name];
    const sharedId = SHARED_PATH_IDS[name];
    if (!id && sharedId && NOT_TENANT_IDS[name]) {
      params[name] = sharedId(world);
      shared = true;
      continue;
    }
    if (!id)
      throw new Error(
        `${routeLabel(c)}: path parameter "${name}" has no record of store A. Give buildWorld ` +
          '(tests/route-suites/support/world.ts) a record of that kind and map it in PATH_IDS, ' +
          'or, if it names nothing a store owns, say so in NOT_TENANT_IDS and give it a shared record in SHARED_PATH_IDS.',
      );
    params[name] = id(world);
    ofA = true;
  }
  return { params, ofA, shared };
}

/** A's ids for every id-like field of the body or query; unknown id-like fields fail the route. */
function fieldOverrides(c: Contract, schema: Contract['body']): Record<string, unknown> {
  const overrides: Record<string, unknown> = {};
  for (const name of fieldNames(schema)) {
    const id = FIELD_IDS[name];
    if (id) overrides[name] = id(world);
    else if (looksLikeId(name) && !NOT_TENANT_IDS[name])
      throw new Error(
        `${routeLabel(c)}: field "${name}" looks like a reference but is in neither FIELD_IDS ` +
          "(give it one of store A's ids) nor NOT_TENANT_IDS (say why it names nothing a store owns) " +
          'in tests/route-suites/tenancy.test.ts.',
      );
  }
  return overrides;
}

function scopedMatches(schema: Contract['body']): Record<string, unknown> {
  const names = new Set(fieldNames(schema));
  return Object.fromEntries(
    Object.entries(SCOPED_MATCH_FIELDS)
      .filter(([name]) => names.has(name))
      .map(([name, value]) => [name, value(world)]),
  );
}

const pageSchema = z.object({ cursor: z.nullable(z.string()) });

beforeAll(async () => {
  send = createSender(tally);
  world = await buildWorld(tally, 'tenant-a');
  intruder = await trader(tally, `Intruder ${randomUUID()}`);
  for (const feature of new Set(userRoutes.flatMap((c) => (c.feature ? [c.feature] : []))))
    if (!(await hasFeature(tally, intruder.token, feature))) lackedByB.add(feature);
  before = await snapshotOfA(world);
  // A page cursor of A's for every list route (the superuser's, on superuser-only lists): B replays it.
  for (const c of userRoutes.filter((r) => r.method === 'GET' && objectShape(r.query)?.cursor)) {
    const query = { ...asRecord(validSample(c.query, routeLabel(c), QUERY_VALUES)), limit: 1 };
    const owner = c.superuserOnly ? world.access.superuser.token : world.owner.token;
    const parts = baseParts(c, { params: paramsOf(c).params, query, body: undefined }, owner);
    const answer = await send(outgoing(c, parts));
    const page = z.safeParse(pageSchema, answer.json);
    if (page.success && page.data.cursor) cursorsOfA.set(c.id, page.data.cursor);
  }
}, 90_000);

afterAll(async () => {
  tally.print();
  if (world) await removeWorldAccess(world);
});

describe('route-suites: tenancy', () => {
  it('has no tenant question for public routes', () => {
    for (const c of contracts)
      if (c.auth === 'public' && !(c.id in ABOUT_THE_CALLER)) tally.notApplicable(c, 'public');
  });

  it.each(Object.entries(ABOUT_THE_CALLER))(
    '%s: answers B about B only, and A about A',
    async (id, check) => {
      const c = contracts.find((r) => r.id === id);
      if (!c) throw new Error(`ABOUT_THE_CALLER names ${id}, which is no route any more`);
      const [ofA, ofB] = await Promise.all([
        send({ method: 'GET', target: c.path, headers: bearer(world.owner.token) }),
        send({ method: 'GET', target: c.path, headers: bearer(intruder.token) }),
      ]);
      const problems = check(world, intruder.userId, ofA, ofB);
      const seen = leaked(ofB, [...privateMarkers(world), world.owner.userId, world.publicTag]);
      if (seen.length) problems.push(`shows A's data ${seen.join(', ')}`);
      tally.covered(c);
      expect(problems, routeLabel(c)).toEqual([]);
    },
  );

  it.each(ordered.map((c) => [routeLabel(c), c] as const))('%s: B gets none of A', async (_label, c) => {
    const label = routeLabel(c);
    const skip = NOT_EXERCISED[c.id];
    if (skip) return tally.notExercised(c, skip);
    const { params, ofA, shared } = paramsOf(c);
    const bodyOverrides = fieldOverrides(c, c.body);
    const filter = OWN_LIST_FILTERS[c.id]?.(world);
    const queryIds = filter ?? fieldOverrides(c, c.query);
    const query = validSample(c.query, `${label} query`, { ...QUERY_VALUES, ...queryIds });
    const body = validSample(c.body, `${label} body`, {
      ...COMPLETE_BODY[c.id],
      ...scopedMatches(c.body),
      ...bodyOverrides,
    });
    const usesIds =
      ofA || Object.keys(bodyOverrides).length > 0 || (!filter && Object.keys(queryIds).length > 0);
    const parts = baseParts(c, { params, query, body }, intruder.token);
    const answer = await send(outgoing(c, parts));
    const problems: string[] = [];
    const modelProblem = errorModelProblem(answer);
    if (modelProblem) problems.push(modelProblem);
    const byDesign = CROSS_TENANT_BY_DESIGN[c.id];
    const code = z.safeParse(errorBodySchema, answer.json).data?.error.code;

    if (c.superuserOnly && (answer.status !== 403 || code !== SUPERUSER_REQUIRED))
      problems.push(
        `superuser-only: status ${answer.status} ${code ?? ''}, expected 403 ${SUPERUSER_REQUIRED}: ${answer.text.slice(0, 300)}`,
      );
    if (!c.superuserOnly && c.feature && lackedByB.has(c.feature) && code !== FEATURE_NOT_AVAILABLE)
      problems.push(
        `B lacks ${c.feature}: status ${answer.status} ${code ?? ''}, expected 403 ${FEATURE_NOT_AVAILABLE}: ${answer.text.slice(0, 300)}`,
      );
    if (byDesign) {
      if (answer.status >= 500) problems.push(`status ${answer.status}`);
      const shown = new Set(SHOWN_BY_DESIGN[c.id]?.(world));
      const seen = leaked(
        answer,
        privateMarkers(world).filter((m) => !shown.has(m)),
      );
      if (seen.length) problems.push(`shows A's private data ${seen.join(', ')}`);
    } else if (filter && !usesIds) {
      const control = await send(outgoing(c, { ...parts, headers: bearer(world.owner.token) }));
      if (control.status >= 300 || pageLength(control) === 0)
        problems.push(
          `control: A's own answer to ${JSON.stringify(filter)} is empty: ${control.text.slice(0, 300)}`,
        );
      if (!([403, 404].includes(answer.status) || (answer.status < 300 && pageLength(answer) === 0)))
        problems.push(
          `filtered by A's record: status ${answer.status}, expected B's own empty page or 403/404: ${answer.text.slice(0, 300)}`,
        );
      const seen = leaked(answer, [...privateMarkers(world), ...publicMarkers(world)]);
      if (seen.length) problems.push(`shows A's data ${seen.join(', ')}`);
    } else if (usesIds) {
      if (![403, 404].includes(answer.status) || code === 'ROUTE_NOT_FOUND')
        problems.push(
          `with A's ids: status ${answer.status} ${code ?? ''}, expected 403 or 404: ${answer.text.slice(0, 300)}`,
        );
      const seen = leaked(answer, [world.privateTag, world.publicTag]);
      if (seen.length) problems.push(`shows A's data ${seen.join(', ')}`);
    } else {
      // A shared catalogue record: B reads it as every user does (writes are superuser-only, above).
      if (shared && !c.superuserOnly && answer.status >= 300)
        problems.push(
          `B cannot read the shared catalogue: status ${answer.status}: ${answer.text.slice(0, 300)}`,
        );
      // No ids to send: the route answers about B (or refuses B for another reason, e.g. superuser
      // only, or B's own secret the suite cannot know).
      const secret = CALLERS_SECRET[c.id];
      if (
        secret !== undefined
          ? !(answer.status >= 400 && answer.status < 500 && code === secret)
          : !(answer.status < 300 || answer.status === 403)
      )
        problems.push(`status ${answer.status}: ${answer.text.slice(0, 300)}`);
      const seen = leaked(answer, [...privateMarkers(world), ...publicMarkers(world)]);
      if (seen.length) problems.push(`shows A's data ${seen.join(', ')}`);
    }

    const cursor = cursorsOfA.get(c.id);
    if (cursor) {
      const withCursor = new URLSearchParams(parts.query);
      withCursor.set('cursor', cursor);
      const replay = await send(outgoing(c, { ...parts, query: withCursor.toString() }));
      // On A's own path ids (a delivery log of A's endpoint) the replay is refused as the call was.
      const expected = c.superuserOnly
        ? replay.status === 403
        : replay.status < 300 || replay.status === 400 || (usesIds && [403, 404].includes(replay.status));
      if (!expected) problems.push(`A's cursor: status ${replay.status}: ${replay.text.slice(0, 200)}`);
      const modelProblemReplay = errorModelProblem(replay);
      if (modelProblemReplay) problems.push(`A's cursor: ${modelProblemReplay}`);
      const seen = leaked(replay, [...privateMarkers(world), ...publicMarkers(world)]);
      if (seen.length) problems.push(`A's cursor shows A's data ${seen.join(', ')}`);
    }
    tally.covered(c);
    expect(problems, `${label} as B${byDesign ? ` (cross-tenant by design: ${byDesign})` : ''}`).toEqual([]);
  });

  it('every list route gave A a page cursor for B to replay', () => {
    const lists = userRoutes.filter((c) => c.method === 'GET' && objectShape(c.query)?.cursor);
    const without = lists.filter((c) => !cursorsOfA.has(c.id)).map(routeLabel);
    // A list of one page has no cursor: give buildWorld a second record of that kind.
    expect(without).toEqual([]);
  });

  it("leaves A's records as they were", async () => {
    expect(await snapshotOfA(world)).toEqual(before);
  });
});
