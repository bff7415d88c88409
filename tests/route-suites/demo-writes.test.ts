import { listPricingRuns, listPricingStrategies } from '@sneakers/shared/contracts/pricing';
import { beforeAll, afterAll, describe, expect, it } from 'vitest';
import { listWebhookDeliveries, listWebhookEndpoints } from '@sneakers/shared/contracts/webhooks';
import * as z from 'zod/mini';
import { getProduct, searchProducts } from '@sneakers/shared/contracts/catalog';
import {
  listOrders,
  listPayments,
  listSales,
  listShipments,
  listVirtualProducts,
} from '@sneakers/shared/contracts/commerce';
import type { Contract } from '@sneakers/shared/contracts/contract';
import { listBookings, listClients } from '@sneakers/shared/contracts/crm';
import { listMyItems } from '@sneakers/shared/contracts/lists';
import {
  getUnreadMessages,
  listConversations,
  listRatings,
  listTradingPartners,
} from '@sneakers/shared/contracts/messaging';
import { listNotifications } from '@sneakers/shared/contracts/notifications';
import { listAnonymousOffers, listOffers } from '@sneakers/shared/contracts/offers';
import { getMyProfile, startDemoSession } from '@sneakers/shared/contracts/profiles';
import { listConsignments, listProviders } from '@sneakers/shared/contracts/providers';
import { DEMO_MODE_CODE, DEMO_MODE_MESSAGE } from '@sneakers/shared/actor';
import { DEMO } from '@sneakers/shared/demo';
import { asRecord, validSample } from './support/contract-values';
import { createSender, errorBodySchema, errorModelProblem, type Send } from './support/http';
import { baseParts, outgoing } from './support/requests';
import { contracts, pathParamNames, routeLabel } from './support/routes';
import { createTally } from './support/tally';
import { listApiKeys } from '@sneakers/shared/contracts/store-api';
import { countingApi, hasFeature } from './support/world';

/**
 * Try Demo's identity against every user route, with the demo store's own ids and a valid
 * body: reads answer, every write answers 403 DEMO_MODE, and the sample data stays as seeded.
 * A write route that forgets `requireWriter` fails here the day it is added. Superuser-only
 * routes are no exception to either: their reads answer the demo 403 SUPERUSER_REQUIRED (the
 * demo is a store, never a superuser) and their writes 403 DEMO_MODE, which comes first.
 */
const tally = createTally('demo-writes');
/** Route id → why this suite cannot exercise it (printed and counted). Empty: every route runs. */
const NOT_EXERCISED: Record<string, string> = {
  'migration.exports.download':
    'the demo identity cannot start an export (a write, 403 DEMO_MODE) and the demo seed has none, so there is no archive of its own to download; its list answers empty',
  // Reads of one import: the demo seed has no import yet (the sample import preview is seeded
  // with the migration-tools section); its writes are refused before any lookup all the same.
  'migration.imports.get': 'the demo seed has no import to read yet',
  'migration.imports.rows': 'the demo seed has no import to read yet',
  'migration.imports.error-report': 'the demo seed has no import to read yet',
};
const READ = new Set(['GET']);
/** Route id → why this POST is a read for the demo (it answers and writes nothing). */
const READS_BY_POST: Record<string, string> = {
  'realtime.ticket':
    'a one-time ticket to hear its own notifications live; the demo identity changes no data by it',
  'crm.providers.revealIban':
    "a store may read its own provider's IBAN in demo mode (sample data); the demo writes no reveal record",
  'deals.seen':
    "opening the deals board: bookkeeping; for the demo identity it writes nothing (every visitor keeps the demo's badge)",
  'catalog.marketplace.call':
    'a read of the marketplace API through the server (the test page); it writes nothing',
};
const FEATURE_NOT_AVAILABLE = 'FEATURE_NOT_AVAILABLE';
/** Features routes need that the demo identity lacks: such a route answers it 403 FEATURE_NOT_AVAILABLE. */
const lacked = new Set<string>();
/** A flag the product names (docs/product/feature-flags-and-access.md#feature-flags); the demo never reaches the lookup, so it need not exist. */
const DEMO_FLAG = 'api-playground';
const SUPERUSER_REQUIRED = 'SUPERUSER_REQUIRED';
let send: Send;
let token: string;
/** The demo store's record of each kind a path parameter or a reference field names. */
let ids: Record<string, string>;

async function snapshot() {
  const demo = countingApi(tally, token);
  return {
    profile: await demo(getMyProfile, {}),
    clients: await demo(listClients, { query: {} }),
    bookings: await demo(listBookings, { query: {} }),
    providers: await demo(listProviders, { query: {} }),
    consignments: await demo(listConsignments, { params: { providerId: ids.providerId ?? '' } }),
    wtb: await demo(listMyItems, { query: { listType: 'wtb' } }),
    inventory: await demo(listMyItems, { query: { listType: 'inventory' } }),
    offers: await demo(listOffers, { query: { box: 'received' } }),
    anonymousOffers: await demo(listAnonymousOffers, { query: {} }),
    notifications: await demo(listNotifications, { query: {} }),
    product: await demo(getProduct, { params: { productId: ids.productId ?? '' } }),
    // The overview and provider balances are aggregates the stream keeps: not compared here.
    sales: await demo(listSales, { query: {} }),
    orders: await demo(listOrders, { query: {} }),
    shipments: await demo(listShipments, { query: {} }),
    payments: await demo(listPayments, { query: {} }),
    virtualProducts: await demo(listVirtualProducts, { query: {} }),
    // Reading a conversation marks nothing read: the badge stays as seeded.
    conversations: await demo(listConversations, { query: {} }),
    unread: await demo(getUnreadMessages, {}),
    ratingsReceived: await demo(listRatings, { query: { direction: 'received' } }),
    ratingsGiven: await demo(listRatings, { query: { direction: 'given' } }),
    tradingPartners: await demo(listTradingPartners, { query: {} }),
    apiKeys: await demo(listApiKeys, {}),
    pricingStrategies: await demo(listPricingStrategies, {}),
    pricingRuns: await demo(listPricingRuns, { query: {} }),
  };
}

beforeAll(async () => {
  send = createSender(tally);
  token = (await countingApi(tally)(startDemoSession, {})).accessToken;
  const demo = countingApi(tally, token);
  const [client] = (await demo(listClients, { query: {} })).clients;
  const [booking] = (await demo(listBookings, { query: {} })).bookings;
  const providers = (await demo(listProviders, { query: {} })).providers;
  const [item] = (await demo(listMyItems, { query: { listType: 'wtb' } })).items;
  const [offer] = (await demo(listOffers, { query: { box: 'received' } })).offers;
  const [anonymousOffer] = (await demo(listAnonymousOffers, { query: {} })).offers;
  const [notification] = (await demo(listNotifications, { query: {} })).notifications;
  const [product] = (await demo(searchProducts, { query: {} })).products;
  // A box barcode of the demo catalogue (the marketplace emulator gives every size one).
  const boxes = product ? (await demo(getProduct, { params: { productId: product.id } })).variants : [];
  const gtin = boxes.find((v) => v.gtin)?.gtin;
  if (!gtin)
    throw new Error(
      'The demo catalogue has no size with a box barcode (localstack/src/marketplace/catalogue.ts)',
    );
  const [sale] = (await demo(listSales, { query: {} })).sales;
  const [order] = (await demo(listOrders, { query: {} })).orders;
  const [shipment] = (await demo(listShipments, { query: {} })).shipments;
  const [payment] = (await demo(listPayments, { query: {} })).payments;
  const [virtualProduct] = (await demo(listVirtualProducts, { query: {} })).virtualProducts;
  const [conversation] = (await demo(listConversations, { query: {} })).conversations;
  const [tradingPartner] = (await demo(listTradingPartners, { query: {} })).partners;
  const [apiKey] = (await demo(listApiKeys, {})).keys.filter((k) => k.active);
  const [strategy] = (await demo(listPricingStrategies, {})).strategies;
  const [run] = (await demo(listPricingRuns, { query: {} })).runs;
  if (!strategy || !run)
    throw new Error('The demo seed has no pricing strategy or run (localstack/src/demo-seed/pricing.ts)');
  if (!apiKey) throw new Error('The demo seed has no active API key (localstack/src/demo-seed/store-api.ts)');
  const [webhookEndpoint] = (await demo(listWebhookEndpoints, {})).endpoints;
  const [webhookDelivery] = webhookEndpoint
    ? (await demo(listWebhookDeliveries, { params: { endpointId: webhookEndpoint.id }, query: {} }))
        .deliveries
    : [];
  if (!webhookEndpoint || !webhookDelivery)
    throw new Error(
      'The demo seed has no webhook endpoint with a delivery (localstack/src/demo-seed/webhooks.ts)',
    );
  if (!conversation || !tradingPartner)
    throw new Error(
      'The demo seed has no conversation or trading partner (localstack/src/demo-seed/messaging.ts)',
    );
  const provider = providers.find((p) => p.status === 'approved');
  const commerce = { sale, order, shipment, payment, virtualProduct };
  if (!client || !booking || !provider || !item || !offer || !anonymousOffer || !notification || !product)
    throw new Error('The demo seed is missing a kind of record this suite needs (localstack/src/demo-seed)');
  if (!sale || !order || !shipment || !payment || !virtualProduct)
    throw new Error(
      `The demo seed is missing commerce records (localstack/src/demo-seed/commerce.ts): ${Object.entries(
        commerce,
      )
        .filter(([, v]) => !v)
        .map(([k]) => k)
        .join(', ')}`,
    );
  const [consignment] = (await demo(listConsignments, { params: { providerId: provider.id } })).consignments;
  if (!consignment) throw new Error('The demo seed gave the approved provider no consignment');
  ids = {
    clientId: client.id,
    bookingId: booking.id,
    providerId: provider.id,
    consignmentId: consignment.id,
    itemId: item.id,
    offerId: offer.id,
    anonymousOfferId: anonymousOffer.id,
    notificationId: notification.id,
    userId: DEMO.userId,
    // Flags and admin records: superuser-only, so the refusal comes before any lookup;
    // real-looking values keep the request valid all the same.
    name: DEMO_FLAG,
    feature: DEMO_FLAG,
    ruleId: 'demo-rule',
    impersonationId: 'demo-impersonation',
    targetUserId: DEMO.userId,
    // The demo catalogue (one catalogue for everyone): the demo reads it like any user.
    productId: product.id,
    gtin,
    // Data population is superuser-only: refused before any lookup.
    importId: 'demo-import',
    saleId: sale.id,
    orderId: order.id,
    shipmentId: shipment.id,
    paymentId: payment.id,
    virtualProductId: virtualProduct.id,
    keyId: apiKey.id,
    conversationId: conversation.id,
    endpointId: webhookEndpoint.id,
    deliveryId: webhookDelivery.id,
    // The demo cannot hide (a write), so unhiding is refused before any lookup.
    hideId: 'demo-hide',
    strategyId: strategy.id,
    runId: run.id,
    // Migration writes are refused before any lookup (the reads of one import are not exercised).
    row: '0',
    mappingId: 'demo-mapping',
    // A conversation with the partner and a rating of them: writes, refused before any lookup.
    partnerUserId: conversation.partner.userId,
    rateeUserId: tradingPartner.partner.userId,
  };
  for (const feature of new Set(contracts.flatMap((c) => (c.feature ? [c.feature] : []))))
    if (!(await hasFeature(tally, token, feature))) lacked.add(feature);
});
afterAll(() => tally.print());

function partsFor(c: Contract) {
  const label = routeLabel(c);
  const missing = pathParamNames(c.path).filter((name) => !(name in ids));
  if (missing.length)
    throw new Error(
      `${label}: no demo record for path parameter(s) ${missing.join(', ')}. Seed one in ` +
        'localstack/src/demo-seed and map it in tests/route-suites/demo-writes.test.ts, or list the route in NOT_EXERCISED with why.',
    );
  return baseParts(
    c,
    {
      params: asRecord(validSample(c.params, `${label} params`, ids)),
      query: validSample(c.query, `${label} query`, ids),
      body: validSample(c.body, `${label} body`, ids),
    },
    token,
  );
}

describe('route-suites: demo identity', () => {
  it('reads every user route (superuser-only ones: 403 SUPERUSER_REQUIRED) and is refused every write with 403 DEMO_MODE, changing nothing', async () => {
    const before = await snapshot();
    const failures: string[] = [];
    for (const c of contracts) {
      if (c.auth !== 'user') {
        tally.notApplicable(c, c.auth);
        continue;
      }
      const skip = NOT_EXERCISED[c.id];
      if (skip) {
        tally.notExercised(c, skip);
        continue;
      }
      const answer = await send(outgoing(c, partsFor(c)));
      tally.covered(c);
      const error = z.safeParse(errorBodySchema, answer.json).data?.error;
      if (c.superuserOnly && READ.has(c.method)) {
        if (answer.status !== 403 || error?.code !== SUPERUSER_REQUIRED)
          failures.push(
            `${routeLabel(c)}: superuser-only read answered ${answer.status} ${answer.text.slice(0, 160)}, expected 403 ${SUPERUSER_REQUIRED}`,
          );
        continue;
      }
      if (c.feature && lacked.has(c.feature)) {
        if (answer.status !== 403 || error?.code !== FEATURE_NOT_AVAILABLE)
          failures.push(
            `${routeLabel(c)}: the demo lacks ${c.feature}, answered ${answer.status} ${answer.text.slice(0, 160)}, expected 403 ${FEATURE_NOT_AVAILABLE}`,
          );
        continue;
      }
      if (READ.has(c.method) || c.id in READS_BY_POST) {
        if (answer.status >= 300)
          failures.push(`${routeLabel(c)}: read answered ${answer.status} ${answer.text.slice(0, 160)}`);
        continue;
      }
      if (answer.status !== 403 || error?.code !== DEMO_MODE_CODE || error.message !== DEMO_MODE_MESSAGE)
        failures.push(
          `${routeLabel(c)}: write answered ${answer.status} ${errorModelProblem(answer) ?? answer.text.slice(0, 160)}`,
        );
    }
    expect(failures).toEqual([]);
    expect(await snapshot()).toEqual(before);
  });
});
