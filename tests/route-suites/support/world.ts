import { randomUUID } from 'node:crypto';
import { createApiClient } from '@sneakers/shared/api-client';
import { createBooking, createClient } from '@sneakers/shared/contracts/crm';
import { createItem } from '@sneakers/shared/contracts/lists';
import { listNotifications } from '@sneakers/shared/contracts/notifications';
import { createAnonymousOffer, createOffers } from '@sneakers/shared/contracts/offers';
import { createAvatarUpload, createMyProfile, setMyAvatar } from '@sneakers/shared/contracts/profiles';
import {
  createConsignment,
  createProvider,
  getProviderRegistrationLink,
  submitProviderRegistration,
} from '@sneakers/shared/contracts/providers';
import { cloud, newUser } from '../../support/cloud-client';
import type { Tally } from './tally';

/**
 * A store with one or two records of every kind, made through the API: items on a public
 * WTB list, clients, bookings, providers (added and registered), a consignment, offers
 * received from another trader and anonymously, notifications and an avatar. Every text
 * carries the store's tags, so a response can be searched for any of its data.
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

/** A signed-in trader with a profile and a public WTB list. */
export async function trader(tally: Tally, name: string) {
  const user = await newUser();
  const call = countingApi(tally, user.token);
  const { profile } = await call(createMyProfile, {
    body: {
      role: 'store',
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
  return { ...user, userId: profile.userId, call };
}

async function poll<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs: number): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > end) return value;
    await new Promise((r) => setTimeout(r, 150));
  }
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
  };
}

export type World = Awaited<ReturnType<typeof buildWorld>>;
