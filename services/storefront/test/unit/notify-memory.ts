import { fixedClock } from '@sneakers/shared/clock';
import { sequenceIds } from '@sneakers/shared/ids';
import type { RateLimiter } from '@sneakers/shared/rate-limit/rate-limit';
import type { OutboxEvent } from '@sneakers/shared/table/outbox';
import type {
  NotifyDeps,
  NotifyProduct,
  Subscription,
  SubscriptionKey,
  TokenLink,
} from '../../src/notify/ports';

/** In-memory "notify me": set-ups, products, subscriptions, links, the outbox and counting limits. */
export function notifyMemory() {
  const clock = fixedClock('2026-11-25T10:00:00Z');
  const setups = new Map<string, { enabled: boolean; name: string; closing: boolean }>();
  const names = new Map<string, string>();
  const products = new Map<string, NotifyProduct>();
  const subscriptions = new Map<string, Subscription>();
  const links = new Map<string, TokenLink>();
  const outbox: OutboxEvent[] = [];
  const taken = new Map<string, number>();
  const k = (s: SubscriptionKey) => [s.storeUserId, s.productId, s.sizeKey, s.email].join('|');
  let token = 0;
  const limiter: RateLimiter = {
    take: async (bucket, { limit }, now) => {
      const n = taken.get(bucket) ?? 0;
      if (n >= limit) return null;
      taken.set(bucket, n + 1);
      return { bucket, slot: n, takenAt: now.getTime() };
    },
    release: async () => undefined,
  };
  const deps: NotifyDeps = {
    clock,
    ids: sequenceIds('evt'),
    limiter,
    tokens: { next: () => `token-${String(++token).padStart(4, '0')}`, hash: (t) => `hash:${t}` },
    repo: {
      getSetup: async (id) => setups.get(id) ?? null,
      getBusinessName: async (id) => names.get(id) ?? null,
      getProduct: async (store, id) => products.get(`${store}|${id}`) ?? null,
      getSubscription: async (key) => {
        const s = subscriptions.get(k(key));
        return s ? { ...s } : null;
      },
      saveRequest: async (row, mode, newLinks, event) => {
        const current = subscriptions.get(k(row));
        if (mode === 'create' ? current : current?.status !== 'pending') return 'duplicate';
        subscriptions.set(k(row), { ...row });
        for (const link of newLinks) links.set(link.tokenHash, link);
        outbox.push(event);
        return 'committed';
      },
      getLink: async (hash) => links.get(hash) ?? null,
      confirm: async (key, hash, confirmedAt, ttl) => {
        const s = subscriptions.get(k(key));
        if (s?.status !== 'pending' || s.confirmTokenHash !== hash) return 'stale';
        Object.assign(s, { status: 'confirmed', confirmedAt, ttl });
        return 'committed';
      },
      remove: async (key) => void subscriptions.delete(k(key)),
      listConfirmed: async (store, product, sizeKey) =>
        [...subscriptions.values()].filter(
          (s) =>
            s.storeUserId === store &&
            s.productId === product &&
            s.sizeKey === sizeKey &&
            s.status === 'confirmed',
        ),
      notify: async (key, link, event) => {
        if (subscriptions.get(k(key))?.status !== 'confirmed') return 'gone';
        subscriptions.delete(k(key));
        links.set(link.tokenHash, link);
        outbox.push(event);
        return 'committed';
      },
    },
  };
  return { deps, clock, setups, names, products, subscriptions, links, outbox, taken };
}
