import { randomUUID } from 'node:crypto';
import { createWebhookEndpoint, sendWebhookTestEvent } from '@sneakers/shared/contracts/webhooks';
import { hideDeal } from '@sneakers/shared/contracts/deals';
import {
  applyPricingRun,
  createPricingStrategy,
  previewPricingStrategy,
} from '@sneakers/shared/contracts/pricing';
import { ApiError, createApiClient } from '@sneakers/shared/api-client';
import { startImpersonation, stopImpersonation } from '@sneakers/shared/contracts/admin';
import {
  createProduct,
  deleteProduct,
  searchProducts,
  type Product,
} from '@sneakers/shared/contracts/catalog';
import { callMarketplace, createImport } from '@sneakers/shared/contracts/catalog-tools';
import { createBooking, createClient } from '@sneakers/shared/contracts/crm';
import {
  createOrder,
  createPayment,
  createSale,
  createShipment,
  createVirtualProduct,
} from '@sneakers/shared/contracts/commerce';
import {
  createAccessRule,
  createFlag,
  deleteAccessRule,
  deleteFlag,
  deleteFlagGrant,
  deleteOverride,
  getMyFeatureAccess,
  listAccessRules,
  listFlagGrants,
  listOverrides,
  setFlagGrant,
  setOverride,
} from '@sneakers/shared/contracts/flags';
import { createItem } from '@sneakers/shared/contracts/lists';
import {
  createDataImport,
  getDataImport,
  listSavedMappings,
  mapDataImport,
  readDataImportFile,
} from '@sneakers/shared/contracts/migration';
import {
  createRating,
  listTradingPartners,
  sendMessage,
  startConversation,
} from '@sneakers/shared/contracts/messaging';
import { listNotifications } from '@sneakers/shared/contracts/notifications';
import { createAnonymousOffer, createOffers, respondToOffer } from '@sneakers/shared/contracts/offers';
import { listDeals } from '@sneakers/shared/contracts/deals';
import {
  createAvatarUpload,
  createMyProfile,
  setMyAvatar,
  updateMyProfile,
} from '@sneakers/shared/contracts/profiles';
import {
  createConsignment,
  createProvider,
  getProviderRegistrationLink,
  markConsignmentSold,
  submitProviderRegistration,
} from '@sneakers/shared/contracts/providers';
import type { Role } from '@sneakers/shared/contracts/profiles';
import { decideFeature } from '@sneakers/shared/rules/feature-access';
import * as z from 'zod/mini';
import { cloud, newUser, poll, signIn } from '../../support/cloud-client';
import { issueApiKeys } from './api-keys';
import type { Tally } from './tally';
import { createExport } from '@sneakers/shared/contracts/migration';

/**
 * A store with one or two records of every kind, made through the API: items on a public
 * WTB list, clients, bookings, providers (added and registered), a consignment, offers
 * received from another trader and anonymously, notifications and an avatar; and its trade:
 * virtual products, sales, sale orders, shipments, and payments of sold consignments. Every
 * text carries the store's tags, so a response can be searched for any of its data.
 */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

export function countingApi(tally: Tally, token?: string) {
  return createApiClient({
    baseUrl: cloud().appUrl,
    getToken: () => token,
    fetch: (input, init) => {
      tally.request();
      return fetch(input, init);
    },
  });
}

const key = () => `route-suites-${randomUUID()}`;

/** A signed-in trader (a store unless told) with a profile and a public WTB list. */
export async function trader(tally: Tally, name: string, role: Role = 'store') {
  const user = await newUser();
  const call = countingApi(tally, user.token);
  const { profile } = await call(createMyProfile, {
    body: {
      role,
      businessName: name,
      contactEmail: `${name.toLowerCase().replace(/\W+/g, '-')}@example.com`,
      phone: '+34 600111222',
      location: 'Valencia',
      instagramHandle: null,
      preferredContact: 'email',
      currency: 'EUR',
      language: 'en',
      publicWtbList: true,
      publicWtsList: false,
    },
  });
  // A store integrates through the store API too: its keys open the apiKey routes as it.
  if (role === 'store') await issueApiKeys(user.token, call);
  return { ...user, userId: profile.userId, call };
}

/** The superuser the local cloud seeds (LOCAL_ADMIN), signed in. */
export async function localSuperuser(tally: Tally) {
  const { email, password } = cloud().admin;
  const token = await signIn(email, password);
  return { token, call: countingApi(tally, token) };
}

export type Superuser = Awaited<ReturnType<typeof localSuperuser>>;

/**
 * What the superuser keeps about one user, made through the flags and admin routes: a flag
 * of the suite's own (off, gating no section, so no other test notices it), a grant and a
 * developer override of it for the user, a rule on it, and an impersonation of the user.
 */
export async function accessFixtures(tally: Tally, label: string, targetUserId: string) {
  const superuser = await localSuperuser(tally);
  const { call } = superuser;
  const { flag } = await call(createFlag, {
    body: {
      name: `${label}-${randomUUID().slice(0, 8)}`,
      description: `route suites ${label}`,
      isEnabled: false,
      targetUserTypes: ['store'],
      rolloutPercentage: 0,
      gates: [],
    },
  });
  // One after another: the grant and the override write the same per-user document.
  const { grant } = await call(setFlagGrant, {
    params: { name: flag.name, userId: targetUserId },
    body: { granted: true },
  });
  const { override } = await call(setOverride, {
    params: { userId: targetUserId, feature: flag.name },
    body: { enabled: true, expiresAt: new Date(Date.now() + 86_400_000).toISOString() },
  });
  const { rule } = await call(createAccessRule, {
    body: { feature: flag.name, role: 'store', plan: 'trial', granted: true },
  });
  const impersonation = await call(startImpersonation, { body: { targetUserId } });
  return {
    superuser,
    flag,
    grant,
    override,
    rule,
    impersonation: impersonation.impersonation,
    /** The secret the superuser sends in x-impersonation: nobody else may ever see it. */
    impersonationToken: impersonation.token,
  };
}

export type AccessFixtures = Awaited<ReturnType<typeof accessFixtures>>;

/** Cleanup is best effort about records a test already removed or stopped (404, 409). */
const unlessGone = (work: Promise<unknown>) =>
  work.catch((error: unknown) => {
    if (!(error instanceof ApiError && error.status < 500)) throw error;
  });

/** Removes what the suite made in the flags and admin data, whatever a test did to it meanwhile. */
export async function removeAccess(superuser: Superuser, flagNames: string[], impersonationIds: string[]) {
  const { call } = superuser;
  for (const impersonationId of impersonationIds)
    await unlessGone(call(stopImpersonation, { params: { impersonationId } }));
  const names = new Set(flagNames);
  for (const rule of (await call(listAccessRules)).rules.filter((r) => names.has(r.feature)))
    await unlessGone(call(deleteAccessRule, { params: { ruleId: rule.id } }));
  for (const o of (await call(listOverrides)).overrides.filter((o) => names.has(o.feature)))
    await unlessGone(call(deleteOverride, { params: { userId: o.userId, feature: o.feature } }));
  for (const name of names) {
    const grants = await call(listFlagGrants, { params: { name } }).then(
      (page) => page.grants,
      () => [],
    );
    for (const g of grants) await unlessGone(call(deleteFlagGrant, { params: { name, userId: g.userId } }));
    await unlessGone(call(deleteFlag, { params: { name } }));
  }
}

/** The part of a marketplace search answer the fixtures need: a real marketplace product id. */
const marketplacePageSchema = z.object({
  products: z.array(z.object({ productId: z.string() })).check(z.minLength(1)),
});

/**
 * Catalogue records of the suite's own, made by the superuser: the catalogue is one for
 * every user, so these are what the suites aim the product routes at (never a product
 * anyone else uses). Two products (the second keeps the upcoming releases more than one
 * page long), the first linked to a real product of the marketplace (emulator locally)
 * so refresh-variants works for real; both released a year from now, after anything a
 * journey looks for. And an import job of the first product's style code, which the
 * marketplace does not know: stepping it completes with nothing imported.
 */
export async function catalogFixtures(superuser: Superuser, label: string) {
  const { call } = superuser;
  const suffix = randomUUID().slice(0, 8);
  // The first product's first size has a box barcode of its own (a GTIN-14 no other run uses).
  const gtin = `0${String(Date.now()).slice(-7)}${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}`;
  const found = await call(callMarketplace, {
    body: { action: 'search_catalog', query: 'Nike', limit: 1 },
  });
  const marketplaceProductId = marketplacePageSchema.parse(found.data).products[0]!.productId;
  const releaseDate = new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10);
  const product = (n: number, linked: boolean) =>
    call(createProduct, {
      body: {
        sku: `RS-${n}-${suffix}`.toUpperCase(),
        name: `Route suites ${label} ${n} ${suffix}`,
        brand: 'Nike',
        productType: 'sneakers',
        releaseDate,
        colorway: 'White/Black',
        gender: 'men',
        marketplaceProductId: linked ? marketplaceProductId : null,
        variants: [
          {
            label: 'US M 9',
            size: { brand: 'nike', usM: '9', eu: '42.5', uk: '8', jpCm: '27' },
            ...(n === 0 ? { gtin } : {}),
          },
          { label: 'US M 10', size: { brand: 'nike', usM: '10', eu: '44', uk: '9', jpCm: '28' } },
        ],
      },
    });
  const [first, second] = [await product(0, true), await product(1, false)];
  const products: Product[] = [first.product, second.product];
  const { job } = await call(createImport, { body: { mode: 'query', value: first.product.sku } });
  // The search index takes products from the catalogue's change events, after every event
  // before them (the demo seed's 500 products right after start): the suites' probes start
  // once it has caught up, so its work is not timed as some route's answer.
  const indexed = await poll(
    () => call(searchProducts, { query: { q: first.product.sku } }),
    (page) => page.products.some((p) => p.id === first.product.id),
    60_000,
  );
  if (!indexed.products.some((p) => p.id === first.product.id))
    throw new Error(`${label}: the search index did not take ${first.product.sku} within 60 s`);
  return { products, marketplaceProductId, importJob: job, gtin };
}

export type CatalogFixtures = Awaited<ReturnType<typeof catalogFixtures>>;

/** Deletes the suite's own products, whatever a test did to them meanwhile (import jobs have no delete). */
export async function removeCatalog(superuser: Superuser, catalog: CatalogFixtures) {
  for (const product of catalog.products)
    await unlessGone(superuser.call(deleteProduct, { params: { productId: product.id } }));
}

/** Whether the user of `token` has `feature`, decided from their own flags.me with the shared rules. */
export async function hasFeature(tally: Tally, token: string, feature: string): Promise<boolean> {
  const { subject, data } = await countingApi(tally, token)(getMyFeatureAccess);
  return decideFeature(feature, subject, data, { now: new Date(), localBypass: false }).allowed;
}

export async function buildWorld(tally: Tally, label: string) {
  const suffix = randomUUID().slice(0, 8);
  /** In what the store shows the public (its public list, business name). */
  const publicTag = `${label}-public-${suffix}`;
  /** In everything only the store may see. */
  const privateTag = `${label}-private-${suffix}`;

  /** One client and one provider share it, as a store's contacts often do. */
  const sharedEmail = `shared-${randomUUID()}@example.com`;
  const [owner, other] = await Promise.all([
    trader(tally, `Store ${publicTag}`),
    trader(tally, `Trader ${privateTag}`),
  ]);
  const { call } = owner;

  const itemBody = (n: number) => ({
    listType: 'wtb' as const,
    sku: `RS-${n}-${suffix}`,
    name: `Item ${n} ${publicTag}`,
    sizes: ['10', '11'],
    visibility: 'public' as const,
    targetPrice: 15000,
    notes: `notes ${privateTag}`,
    source: `source ${privateTag}`,
  });
  const [item0, item1, otherItem, client0, client1, provider0] = await Promise.all([
    call(createItem, { body: itemBody(0) }),
    call(createItem, { body: itemBody(1) }),
    other.call(createItem, { body: itemBody(2) }),
    call(createClient, {
      body: { name: `Client 0 ${privateTag}`, email: sharedEmail, phone: '+34 600000001' },
    }),
    call(createClient, {
      body: { name: `Client 1 ${privateTag}`, email: `c1-${privateTag}@example.com`, phone: '+34 600000002' },
    }),
    call(createProvider, { body: { name: `Provider ${privateTag}`, email: sharedEmail } }),
  ]);
  const items = [item0.item, item1.item];
  const clients = [client0.client, client1.client];

  const bookingBody = () => ({
    clientId: clients[0]!.id,
    itemSku: 'DZ5485-612',
    itemName: `Booking ${privateTag}`,
    size: '10',
    salePrice: 20000,
    prepaidAmount: 5000,
    notes: `booking notes ${privateTag}`,
  });
  const line = (itemId: string) => ({ itemId, size: '10', offeredPrice: 14000, quantity: 1 });
  const { token: linkToken } = await call(getProviderRegistrationLink);
  const anonymousOffer = (n: number) =>
    countingApi(tally)(createAnonymousOffer, {
      idempotencyKey: key(),
      body: {
        listOwnerId: owner.userId,
        listType: 'wtb',
        lines: [line(items[n]!.id)],
        contact: {
          name: `Anonymous ${n} ${privateTag}`,
          email: `anon${n}-${privateTag}@example.com`,
          phone: '+34 600000003',
          instagram: 'anon_buyer',
        },
      },
    });
  const [booking0, booking1, consignment, received, anonymous0, anonymous1, upload] = await Promise.all([
    call(createBooking, { idempotencyKey: key(), body: bookingBody() }),
    call(createBooking, { idempotencyKey: key(), body: bookingBody() }),
    call(createConsignment, {
      idempotencyKey: key(),
      params: { providerId: provider0.provider.id },
      body: { itemSku: 'CW2288-111', itemName: `Consigned ${privateTag}`, size: '10', price: 9000 },
    }),
    other.call(createOffers, {
      idempotencyKey: key(),
      body: { listOwnerId: owner.userId, listType: 'wtb', lines: items.map((i) => line(i.id)) },
    }),
    anonymousOffer(0),
    anonymousOffer(1),
    call(createAvatarUpload, { body: { contentType: 'image/png', size: PNG.length } }),
    countingApi(tally)(submitProviderRegistration, {
      params: { storeUserId: owner.userId, token: linkToken },
      body: { name: `Registered ${privateTag}`, email: `p1-${privateTag}@example.com` },
    }),
  ]);
  tally.request();
  const put = await fetch(upload.uploadUrl, { method: 'PUT', headers: upload.headers, body: PNG });
  if (!put.ok) throw new Error(`Avatar upload answered ${put.status}`);
  await call(setMyAvatar, { body: { key: upload.key } });

  // Offers and registrations notify the store through the bus, a moment later.
  const { notifications } = await poll(
    () => call(listNotifications),
    (page) => page.notifications.length >= 2,
    10_000,
  );
  if (notifications.length === 0) throw new Error(`${label}: no notification arrived within 10 s`);
  const commerce = await commerceFixtures(call, {
    privateTag,
    suffix,
    clientId: clients[0]!.id,
    providerId: provider0.provider.id,
  });
  const messaging = await messagingFixtures(tally, { owner, other, items, privateTag });
  const access = await accessFixtures(tally, label, owner.userId);
  const catalog = await catalogFixtures(access.superuser, label);
  const webhooks = await webhookFixtures(call, privateTag);
  const storefront = await storefrontFixtures(call, { privateTag, suffix });
  const pricing = await pricingFixtures(call, privateTag);
  // An export of everything A owns (built in the background; its id is what the download names).
  const { export: dataExport } = await call(createExport, { idempotencyKey: key() });
  const migration = await migrationFixtures(tally, call, privateTag);
  await dealsFixtures(tally, { owner, items, suffix, privateTag });
  // A's hide of a deal (the deals board's hidden list, DELETE /api/deals/hidden/{hideId}).
  const { hidden: dealHide } = await call(hideDeal, { body: { kind: 'deal', targetId: `deal-${suffix}` } });

  return {
    owner,
    other,
    publicTag,
    privateTag,
    sharedEmail,
    items,
    clients,
    bookings: [booking0.booking, booking1.booking],
    providers: [provider0.provider],
    consignment: consignment.consignment,
    offers: received.offers,
    anonymousOffers: [anonymous0.offer, anonymous1.offer],
    notifications,
    otherItem: otherItem.item,
    avatarKey: upload.key,
    linkToken,
    ...commerce,
    ...messaging,
    access,
    catalog,
    ...webhooks,
    dealHides: [dealHide],
    ...storefront,
    ...pricing,
    dataExports: [dataExport],
    ...migration,
  };
}

/**
 * Two imports (the list has a second page): one uploaded, read and mapped (its rows hold the
 * private tag; its mapping saved under a private name), one only created.
 */
async function migrationFixtures(tally: Tally, call: ReturnType<typeof countingApi>, privateTag: string) {
  const csv = `sku,name,size,notes\nRS-MIG-1,Imported ${privateTag},42,notes ${privateTag}\nRS-MIG-2,Second,43,\n`;
  const bytes = Buffer.from(csv);
  const created = await call(createDataImport, {
    body: { kind: 'inventory', fileName: 'stock.csv', size: bytes.length, contentType: 'text/csv' },
  });
  tally.request();
  const put = await fetch(created.upload.url, {
    method: 'PUT',
    headers: created.upload.headers,
    body: bytes,
  });
  if (!put.ok) throw new Error(`Import upload answered ${put.status}`);
  const importId = created.import.importId;
  await call(readDataImportFile, { params: { importId }, body: {} });
  await call(mapDataImport, {
    params: { importId },
    body: { sheet: '', headerRow: 0, save: { name: `Mapping ${privateTag}`.slice(0, 80) } },
  });
  // The mapping answers `validating`; the worker stores the rows (the private tag with them).
  const mapped = await poll(
    async () => (await call(getDataImport, { params: { importId } })).import,
    (i) => i.status !== 'validating',
    60_000,
  );
  if (mapped.status !== 'mapped') throw new Error(`The fixture import is ${mapped.status}, not mapped`);
  const { import: second } = await call(createDataImport, {
    body: { kind: 'wtb', fileName: 'wanted.csv', size: 10, contentType: 'text/csv' },
  });
  const { mappings } = await call(listSavedMappings);
  return { dataImports: [mapped, second], savedMappings: mappings };
}

/**
 * A pricing strategy over the store's inventory, named privately, applied twice (30% then 40%
 * over cost: the first inventory pair's price history has two changes) and previewed once more
 * (the run the suites use: a preview), so the run history has three runs.
 */
async function pricingFixtures(call: ReturnType<typeof countingApi>, privateTag: string) {
  const body = (bps: number) => ({
    name: `Strategy ${privateTag}`.slice(0, 80),
    selection: { listTypes: ['inventory' as const], brands: [], itemIds: [] },
    config: {
      rule: { kind: 'margin_over_cost' as const, margin: { mode: 'percent' as const, bps }, net: false },
      market: 'marketplace' as const,
      guards: {
        floor: null,
        ceiling: null,
        maxChange: null,
        rounding: 'whole' as const,
        noMarket: { kind: 'keep' as const },
      },
      channel: 'direct' as const,
      fees: null,
    },
    target: 'list' as const,
    schedule: 'off' as const,
  });
  const { strategy } = await call(createPricingStrategy, { idempotencyKey: key(), body: body(3000) });
  const applyOnce = async (strategyId: string) => {
    const { run } = await call(previewPricingStrategy, { params: { strategyId } });
    await call(applyPricingRun, {
      idempotencyKey: key(),
      params: { runId: run.id },
      body: { all: true, except: [] },
    });
  };
  await applyOnce(strategy.id);
  const { strategy: higher } = await call(createPricingStrategy, { idempotencyKey: key(), body: body(4000) });
  await applyOnce(higher.id);
  const { run } = await call(previewPricingStrategy, { params: { strategyId: strategy.id } });
  return { pricingStrategies: [strategy, higher], pricingRuns: [run] };
}

/**
 * Two pairs in the store's inventory with an asking price (the online store's price table
 * lists them: two, so it has a second page), their private fields tagged.
 */
async function storefrontFixtures(
  call: ReturnType<typeof countingApi>,
  ids: { privateTag: string; suffix: string },
) {
  const inventory = await Promise.all(
    [0, 1].map(async (n) => {
      const { item } = await call(createItem, {
        body: {
          listType: 'inventory',
          sku: `RS-INV-${n}-${ids.suffix}`,
          name: `Stock ${n}`,
          sizes: ['10'],
          askingPrice: 18000,
          purchasePrice: 9000,
          notes: `stock notes ${ids.privateTag}`,
          source: `stock source ${ids.privateTag}`,
        },
      });
      return item;
    }),
  );
  return { inventoryItems: inventory };
}

/**
 * Two deals on the store's board (so it has a second page): a reseller lists a pair of each of
 * the store's WTB items on its public WTS list; the matcher adds them from the stream.
 */
async function dealsFixtures(
  tally: Tally,
  w: { owner: Trader; items: { id: string }[]; suffix: string; privateTag: string },
) {
  const dealer = await trader(tally, `Dealer ${w.privateTag}`, 'reseller');
  await dealer.call(updateMyProfile, { body: { publicWtsList: true } });
  for (const n of [0, 1])
    await dealer.call(createItem, {
      body: {
        listType: 'wts',
        sku: `rs ${n} ${w.suffix}`,
        name: `Deal ${n}`,
        sizes: [n === 0 ? '10' : '11'],
        visibility: 'public',
        desiredPrice: 14000,
        purchasePrice: 9000,
        notes: `deal notes ${w.privateTag}`,
      },
    });
  const { deals } = await poll(
    () => w.owner.call(listDeals, { query: {} }),
    (page) => page.deals.length >= 2,
    15_000,
  );
  if (deals.length < 2) throw new Error('the deals fixtures never reached the store’s board');
}

/**
 * The store's webhook endpoint (a loopback URL the local cloud allows; nothing listens there,
 * so its deliveries fail and are retried, which no suite looks at) and a test event's delivery.
 */
async function webhookFixtures(call: ReturnType<typeof countingApi>, privateTag: string) {
  const { endpoint } = await call(createWebhookEndpoint, {
    body: { url: `http://127.0.0.1:9/${privateTag}`, events: ['sale.created'], description: privateTag },
  });
  const { delivery } = await call(sendWebhookTestEvent, { params: { endpointId: endpoint.id } });
  return { webhookEndpoints: [endpoint], webhookDeliveries: [delivery] };
}

type Trader = Awaited<ReturnType<typeof trader>>;

/**
 * The store's messages and ratings, two of each kind (so every list has a second page): a
 * conversation the other trader opened about the store's item (messages both ways, one
 * unread by the store) and one the store opened with a third trader; both traders had an
 * offer accepted on the store's list, so they are its trading partners, and each side
 * rated the other. Every text carries the private tag.
 */
async function messagingFixtures(
  tally: Tally,
  w: { owner: Trader; other: Trader; items: { id: string }[]; privateTag: string },
) {
  const { owner, other, items, privateTag } = w;
  const partner = await trader(tally, `Partner ${privateTag}`, 'reseller');
  await Promise.all(
    [other, partner].map(async (seller, n) => {
      const { offers } = await seller.call(createOffers, {
        idempotencyKey: key(),
        body: {
          listOwnerId: owner.userId,
          listType: 'wtb',
          lines: [{ itemId: items[n]!.id, size: '11', offeredPrice: 13000, quantity: 1 }],
        },
      });
      for (const offer of offers)
        await owner.call(respondToOffer, { params: { offerId: offer.id }, body: { action: 'accept' } });
    }),
  );
  const send = (from: Trader, conversationId: string, content: string) =>
    from.call(sendMessage, {
      params: { conversationId },
      body: { clientMessageId: randomUUID().replaceAll('-', ''), content: `${content} ${privateTag}` },
    });
  const { conversation: aboutItem } = await other.call(startConversation, {
    body: {
      partnerUserId: owner.userId,
      relatedItem: { ownerUserId: owner.userId, listType: 'wtb', itemId: items[0]!.id },
    },
  });
  await send(other, aboutItem.id, 'Still looking for a 10?');
  await send(owner, aboutItem.id, 'Yes, what price?');
  await send(other, aboutItem.id, '140 shipped');
  const { conversation: direct } = await owner.call(startConversation, {
    body: { partnerUserId: partner.userId },
  });
  await send(owner, direct.id, 'Thanks for the pair');

  // The offers consumer records the trading partners a moment after each accepted offer.
  const partners = await poll(
    () => owner.call(listTradingPartners, { query: {} }),
    (page) => page.partners.length >= 2,
    20_000,
  );
  if (partners.partners.length < 2) throw new Error('the trading partners did not arrive within 20 s');
  const rate = (from: Trader, to: Trader, stars: number) =>
    from.call(createRating, {
      body: { rateeUserId: to.userId, stars, comment: `Rating ${stars} ${privateTag}` },
    });
  await Promise.all([
    rate(other, owner, 5),
    rate(partner, owner, 4),
    rate(owner, other, 5),
    rate(owner, partner, 3),
  ]);
  return { conversations: [aboutItem, direct], messagingPartner: partner };
}

type Call = ReturnType<typeof countingApi>;

/**
 * The store's trade, two of each kind (so every list has a second page): virtual products,
 * sales of one of them (to a client and to a name), sale orders for a client (each with its
 * share id), shipments (one linked to a sale, one unassociated), and two consignments sold
 * and paid one payment each. Sales and payments go one at a time: each writes the virtual
 * product's or the provider's rows in its own transaction.
 */
async function commerceFixtures(
  call: Call,
  ids: { privateTag: string; suffix: string; clientId: string; providerId: string },
) {
  const { privateTag, suffix, clientId, providerId } = ids;
  const virtualProducts = await Promise.all(
    [0, 1].map(async (n) => {
      const { virtualProduct } = await call(createVirtualProduct, {
        idempotencyKey: key(),
        body: {
          sku: `RS-VP-${n}-${suffix}`,
          name: `Virtual ${n} ${privateTag}`,
          price: 20000,
          costPrice: 15000,
          sizes: ['10', '11'],
          notes: `virtual notes ${privateTag}`,
        },
      });
      return virtualProduct;
    }),
  );
  const sales = [];
  for (const buyer of [{ clientId, notifyClient: false }, { buyerName: `Buyer ${privateTag}` }]) {
    const { sale } = await call(createSale, {
      idempotencyKey: key(),
      body: {
        source: 'virtual',
        itemId: virtualProducts[0]!.id,
        size: '10',
        salePrice: 25000,
        fees: 500,
        notes: `sale notes ${privateTag}`,
        ...buyer,
      },
    });
    sales.push(sale);
  }
  const orders = await Promise.all(
    [0, 1].map(async (n) => {
      const { order } = await call(createOrder, {
        idempotencyKey: key(),
        body: {
          clientId,
          lines: [
            {
              sku: `RS-O-${n}-${suffix}`,
              name: `Order line ${n} ${privateTag}`,
              size: '10',
              quantity: 1,
              unitPrice: 18000,
              unitCost: 12000,
            },
          ],
          notes: `order notes ${privateTag}`,
        },
      });
      return order;
    }),
  );
  const shipments = await Promise.all(
    [{ kind: 'sale' as const, id: sales[0]!.id }, null].map(async (link) => {
      const { shipment } = await call(createShipment, {
        idempotencyKey: key(),
        body: {
          courier: 'ups',
          trackingNumber: '1Z999AA10123456784',
          shippedDate: '2026-01-10',
          notes: `shipment notes ${privateTag}`,
          link,
        },
      });
      return shipment;
    }),
  );
  const paid = await Promise.all(
    [0, 1].map(async (n) => {
      const { consignment } = await call(createConsignment, {
        idempotencyKey: key(),
        params: { providerId },
        body: { itemSku: 'CW2288-111', itemName: `Paid ${n} ${privateTag}`, size: '10', price: 8000 },
      });
      const sold = await call(markConsignmentSold, {
        params: { providerId, consignmentId: consignment.id },
        body: { salePrice: 12000 },
      });
      return sold.consignment;
    }),
  );
  const payments = [];
  for (const consignment of paid) {
    const { payment } = await call(createPayment, {
      idempotencyKey: key(),
      body: {
        providerId,
        consignmentIds: [consignment.id],
        paymentMethod: 'cash',
        notes: `payment notes ${privateTag}`,
        notifyProvider: false,
      },
    });
    payments.push(payment);
  }
  return { virtualProducts, sales, orders, shipments, paidConsignments: paid, payments };
}

/** Undoes the world's flags, admin and catalogue records (its stores stay: they are the suites' own users). */
export async function removeWorldAccess(w: World) {
  await removeAccess(w.access.superuser, [w.access.flag.name], [w.access.impersonation.id]);
  await removeCatalog(w.access.superuser, w.catalog);
}

export type World = Awaited<ReturnType<typeof buildWorld>>;
