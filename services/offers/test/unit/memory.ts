import { fixedClock } from '@sneakers/shared/clock';
import type { IdempotencyClaim } from '@sneakers/shared/idempotency/idempotency';
import { sequenceIds } from '@sneakers/shared/ids';
import type { AnonymousOfferRecord, AnonymousOffersDeps, StatusLink } from '../../src/anonymous-offers/ports';
import type { StorefrontProductSummary } from '../../src/anonymous-offers/storefront-target';
import type {
  OfferableItem,
  OfferEvent,
  OfferRecord,
  OffersDeps,
  ProfileSummary,
} from '../../src/offers/ports';

/** In-memory ports with the store's semantics (conditional key claim, conditional transition, slots). */
export function memoryDeps(at = '2026-11-22T10:00:00Z') {
  const clock = fixedClock(at);
  const items = new Map<string, OfferableItem>();
  const profiles = new Map<string, ProfileSummary>();
  const keys = new Map<string, IdempotencyClaim>();
  const offers = new Map<string, OfferRecord>();
  const anonymous = new Map<string, AnonymousOfferRecord>();
  const links = new Map<string, StatusLink>();
  const slots = new Map<string, number>();
  const storefronts = new Map<string, boolean>();
  const storefrontProducts = new Map<string, StorefrontProductSummary>();
  const events: OfferEvent[] = [];

  // One set of ports for both areas, as the function's deps share one table.
  const deps: OffersDeps & AnonymousOffersDeps = {
    clock,
    ids: sequenceIds('id'),
    tokens: sequenceIds('token-0123456789abcdef'),
    idempotency: {
      get: async (scope, key) => {
        const claim = keys.get(`${scope}#${key}`);
        if (!claim) return null;
        const { ttl: _ttl, ...stored } = structuredClone(claim);
        return stored;
      },
    },
    limiter: {
      take: async (bucket, { limit, windowMs }, now) => {
        for (let n = 0; n < limit; n++) {
          const taken = slots.get(`${bucket}#${n}`);
          if (taken === undefined || taken <= now.getTime() - windowMs) {
            slots.set(`${bucket}#${n}`, now.getTime());
            return { bucket, slot: n, takenAt: now.getTime() };
          }
        }
        return null;
      },
      release: async ({ bucket, slot, takenAt }) => {
        if (slots.get(`${bucket}#${slot}`) === takenAt) slots.delete(`${bucket}#${slot}`);
      },
    },
    repo: {
      getItem: async (owner, listType, id) => {
        const item = items.get(`${owner}#${listType}#${id}`);
        return item ? structuredClone(item) : null;
      },
      getProfile: async (userId) => structuredClone(profiles.get(userId) ?? null),
      createOffers: async (records, key, event) => {
        if (keys.has(`${key.scope}#${key.key}`)) return 'duplicate';
        keys.set(`${key.scope}#${key.key}`, structuredClone(key));
        for (const r of records) offers.set(r.id, structuredClone(r));
        events.push(event);
        return 'committed';
      },
      createAnonymousOffer: async (record, link, key, event) => {
        if (keys.has(`${key.scope}#${key.key}`)) return 'duplicate';
        keys.set(`${key.scope}#${key.key}`, structuredClone(key));
        anonymous.set(record.id, structuredClone(record));
        links.set(link.token, structuredClone(link));
        events.push(event);
        return 'committed';
      },
      getOffer: async (id) => structuredClone(offers.get(id) ?? null),
      getOffers: async (ids) =>
        ids.flatMap((id) => (offers.has(id) ? [structuredClone(offers.get(id)!)] : [])),
      getAnonymousOffer: async (owner, id) => {
        const found = anonymous.get(id);
        return found && found.storeUserId === owner ? structuredClone(found) : null;
      },
      getStorefrontEnabled: async (storeUserId) => storefronts.get(storeUserId) ?? null,
      getStorefrontProduct: async (storeUserId, productId) =>
        structuredClone(storefrontProducts.get(`${storeUserId}#${productId}`) ?? null),
      getStatusLink: async (token) => structuredClone(links.get(token) ?? null),
      listOffers: async (box, userId) => ({
        items: [...offers.values()]
          .filter((o) => (box === 'received' ? o.storeUserId : o.resellerUserId) === userId)
          .sort((a, b) => b.id.localeCompare(a.id)),
        cursor: null,
      }),
      listAnonymousOffers: async (userId) => ({
        items: [...anonymous.values()]
          .filter((o) => o.storeUserId === userId)
          .sort((a, b) => b.id.localeCompare(a.id)),
        cursor: null,
      }),
      transition: async (record, from, changes, now, event) => {
        const current = offers.get(record.id);
        if (!current || current.status !== from || current.expiresAt <= now) return null;
        const next = { ...current, ...changes };
        offers.set(record.id, next);
        events.push(event);
        return structuredClone(next);
      },
      transitionAnonymous: async (record, from, changes, now, event, newLink) => {
        const current = anonymous.get(record.id);
        if (!current || current.status !== from || current.expiresAt <= now) return null;
        const next = { ...current, ...changes };
        anonymous.set(record.id, next);
        if (newLink) links.set(newLink.token, structuredClone(newLink));
        events.push(event);
        return structuredClone(next);
      },
    },
  };

  function addItem(item: Partial<OfferableItem> & { id: string; userId: string }) {
    const full: OfferableItem = {
      listType: 'wtb',
      status: 'pending',
      visibility: 'public',
      isBulk: false,
      sizes: ['9', '10'],
      sku: `SKU-${item.id}`,
      name: `Sneaker ${item.id}`,
      imageUrl: null,
      currency: 'EUR',
      ...item,
    };
    items.set(`${full.userId}#${full.listType}#${full.id}`, full);
  }
  function addProfile(userId: string, changes: Partial<ProfileSummary> = {}) {
    profiles.set(userId, {
      userId,
      businessName: `Biz ${userId}`,
      publicWtbList: true,
      publicWtcList: false,
      currency: 'EUR',
      ...changes,
    });
  }
  function addStorefrontProduct(storeUserId: string, product: StorefrontProductSummary, enabled = true) {
    storefronts.set(storeUserId, enabled);
    storefrontProducts.set(`${storeUserId}#${product.productId}`, product);
  }
  return {
    deps,
    clock,
    items,
    profiles,
    offers,
    anonymous,
    links,
    keys,
    events,
    slots,
    storefronts,
    addItem,
    addProfile,
    addStorefrontProduct,
  };
}
