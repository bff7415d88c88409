import { fixedClock } from '@sneakers/shared/clock';
import { sequenceIds } from '@sneakers/shared/ids';
import type { ConsignmentIdempotency, ConsignmentRecord, StoreProfile } from '../../src/domain/consignments';
import type {
  ProviderEvent,
  ProviderRecord,
  ProvidersDeps,
  RegistrationLink,
} from '../../src/domain/providers';

/** In-memory ports with the store's semantics: email markers, conditional writes, rate slots. */
export function memoryDeps(at = '2026-11-22T10:00:00Z') {
  const clock = fixedClock(at);
  const providers = new Map<string, ProviderRecord>();
  const markers = new Map<string, string>();
  const links = new Map<string, RegistrationLink>();
  const profiles = new Map<string, string>();
  const storeProfiles = new Map<string, StoreProfile>();
  const consignments = new Map<string, ConsignmentRecord>();
  const idempotency = new Map<string, ConsignmentIdempotency>();
  const slots = new Map<string, number>();
  const events: ProviderEvent[] = [];
  let tokenCount = 0;

  const key = (store: string, id: string) => `${store}#${id}`;
  const markerKey = (store: string, email: string) => `${store}#${email}`;
  const consignmentKey = (c: Pick<ConsignmentRecord, 'storeUserId' | 'providerId' | 'id'>) =>
    `${c.storeUserId}#${c.providerId}#${c.id}`;

  const deps: ProvidersDeps = {
    clock,
    ids: sequenceIds('id'),
    tokens: { next: () => `token-${String(++tokenCount).padStart(20, '0')}` },
    repo: {
      listProviders: async (store, query) => ({
        records: [...providers.values()]
          .filter((p) => p.storeUserId === store && (!query.status || p.status === query.status))
          .sort((a, b) => b.id.localeCompare(a.id))
          .map((p) => structuredClone(p)),
        cursor: null,
      }),
      getProvider: async (store, id) => structuredClone(providers.get(key(store, id)) ?? null),
      createProvider: async (record, event) => {
        const m = markerKey(record.storeUserId, record.email);
        if (markers.has(m)) return 'emailTaken';
        markers.set(m, record.id);
        providers.set(key(record.storeUserId, record.id), structuredClone(record));
        if (event) events.push(event);
        return 'created';
      },
      updateProvider: async (before, after) => {
        const current = providers.get(key(before.storeUserId, before.id));
        if (!current || current.email !== before.email) return 'stale';
        if (before.email !== after.email) {
          const m = markerKey(after.storeUserId, after.email);
          if (markers.has(m)) return 'emailTaken';
          markers.delete(markerKey(before.storeUserId, before.email));
          markers.set(m, after.id);
        }
        providers.set(key(after.storeUserId, after.id), structuredClone(after));
        return 'updated';
      },
      deleteProvider: async (record) => {
        const current = providers.get(key(record.storeUserId, record.id));
        if (!current || current.email !== record.email || current.consignmentCount > 0) return 'stale';
        providers.delete(key(record.storeUserId, record.id));
        markers.delete(markerKey(record.storeUserId, record.email));
        return 'deleted';
      },
      getLink: async (store) => structuredClone(links.get(store) ?? null),
      createLink: async (link) => {
        if (links.has(link.storeUserId)) return 'exists';
        links.set(link.storeUserId, structuredClone(link));
        return 'created';
      },
      replaceLink: async (link) => {
        links.set(link.storeUserId, structuredClone(link));
      },
      getBusinessName: async (store) => profiles.get(store) ?? null,
      getStoreProfile: async (store) => structuredClone(storeProfiles.get(store) ?? null),
      listConsignments: async (store, providerId) =>
        [...consignments.values()]
          .filter((c) => c.storeUserId === store && c.providerId === providerId)
          .sort((a, b) => b.id.localeCompare(a.id))
          .map((c) => structuredClone(c)),
      getConsignment: async (store, providerId, id) =>
        structuredClone(consignments.get(consignmentKey({ storeUserId: store, providerId, id })) ?? null),
      getConsignmentIdempotency: async (store, k) =>
        structuredClone(idempotency.get(`${store}#${k}`) ?? null),
      createConsignment: async (record, k, event) => {
        if (idempotency.has(`${k.storeUserId}#${k.key}`)) return 'duplicate';
        const provider = providers.get(key(record.storeUserId, record.providerId));
        if (!provider || provider.status !== 'approved') return 'providerNotApproved';
        idempotency.set(`${k.storeUserId}#${k.key}`, structuredClone(k));
        provider.consignmentCount += 1;
        consignments.set(consignmentKey(record), structuredClone(record));
        events.push(event);
        return 'created';
      },
      finishConsignment: async (next, event) => {
        const current = consignments.get(consignmentKey(next));
        if (!current || current.status !== 'in_stock') return 'stale';
        consignments.set(consignmentKey(next), structuredClone(next));
        if (event) events.push(event);
        return 'updated';
      },
      takeRateSlot: async (bucket, now, limit, windowMs) => {
        const t = now.getTime();
        for (let n = 0; n < limit; n++) {
          const taken = slots.get(`${bucket}#${n}`);
          if (taken === undefined || taken <= t - windowMs) {
            slots.set(`${bucket}#${n}`, t);
            return { bucket, slot: n, takenAt: t };
          }
        }
        return null;
      },
    },
  };
  return {
    deps,
    clock,
    providers,
    markers,
    links,
    profiles,
    storeProfiles,
    consignments,
    idempotency,
    events,
  };
}
