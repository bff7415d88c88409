import { fixedClock } from '@sneakers/shared/clock';
import type { IdempotencyClaim } from '@sneakers/shared/idempotency/idempotency';
import { sequenceIds } from '@sneakers/shared/ids';
import type { ConsignmentRecord, ConsignmentsDeps, StoreProfile } from '../../src/consignments/ports';
import type { IbanRevealRecord, IbanRevealsDeps } from '../../src/iban-reveals/ports';
import type { ProviderEvent, ProviderRecord, ProvidersDeps } from '../../src/providers/ports';
import type { RegistrationDeps, RegistrationLink } from '../../src/registration/ports';

/** In-memory ports with the store's semantics: email markers, conditional writes, rate slots. */
export function memoryDeps(at = '2026-11-22T10:00:00Z') {
  const clock = fixedClock(at);
  const providers = new Map<string, ProviderRecord>();
  const markers = new Map<string, string>();
  const links = new Map<string, RegistrationLink>();
  const profiles = new Map<string, string>();
  const storeProfiles = new Map<string, StoreProfile>();
  const consignments = new Map<string, ConsignmentRecord>();
  const idempotency = new Map<string, IdempotencyClaim>();
  const slots = new Map<string, number>();
  const reveals: IbanRevealRecord[] = [];
  const events: ProviderEvent[] = [];
  let tokenCount = 0;

  const key = (store: string, id: string) => `${store}#${id}`;
  const markerKey = (store: string, email: string) => `${store}#${email}`;
  const consignmentKey = (c: Pick<ConsignmentRecord, 'storeUserId' | 'providerId' | 'id'>) =>
    `${c.storeUserId}#${c.providerId}#${c.id}`;

  // One set of ports for every area, as the function's deps share one table.
  const deps: ProvidersDeps & RegistrationDeps & ConsignmentsDeps & IbanRevealsDeps = {
    clock,
    ids: sequenceIds('id'),
    tokens: { next: () => `token-${String(++tokenCount).padStart(20, '0')}` },
    idempotency: {
      get: async (scope, k) => {
        const claim = idempotency.get(`${scope}#${k}`);
        if (!claim) return null;
        const { ttl: _ttl, ...stored } = structuredClone(claim);
        return stored;
      },
    },
    limiter: {
      take: async (bucket, { limit, windowMs }, now) => {
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
      release: async ({ bucket, slot, takenAt }) => {
        if (slots.get(`${bucket}#${slot}`) === takenAt) slots.delete(`${bucket}#${slot}`);
      },
    },
    repo: {
      listProviders: async (store, query) => ({
        items: [...providers.values()]
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
        return 'committed';
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
        return 'committed';
      },
      deleteProvider: async (record) => {
        const current = providers.get(key(record.storeUserId, record.id));
        if (!current || current.email !== record.email || current.consignmentCount > 0) return 'stale';
        providers.delete(key(record.storeUserId, record.id));
        markers.delete(markerKey(record.storeUserId, record.email));
        return 'committed';
      },
      getLink: async (store) => structuredClone(links.get(store) ?? null),
      createLink: async (link) => {
        if (links.has(link.storeUserId)) return 'exists';
        links.set(link.storeUserId, structuredClone(link));
        return 'committed';
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
      createConsignment: async (record, k, event) => {
        if (idempotency.has(`${k.scope}#${k.key}`)) return 'duplicate';
        const provider = providers.get(key(record.storeUserId, record.providerId));
        if (!provider || provider.status !== 'approved') return 'providerNotApproved';
        idempotency.set(`${k.scope}#${k.key}`, structuredClone(k));
        provider.consignmentCount += 1;
        consignments.set(consignmentKey(record), structuredClone(record));
        events.push(event);
        return 'committed';
      },
      recordIbanReveal: async (record) => {
        reveals.push(structuredClone(record));
      },
      listIbanReveals: async (store, providerId, limit) =>
        reveals
          .filter((r) => r.storeUserId === store && r.providerId === providerId)
          .sort((a, b) => b.id.localeCompare(a.id))
          .slice(0, limit)
          .map((r) => structuredClone(r)),
      finishConsignment: async (next, event) => {
        const current = consignments.get(consignmentKey(next));
        if (!current || current.status !== 'in_stock') return 'stale';
        consignments.set(consignmentKey(next), structuredClone(next));
        if (event) events.push(event);
        return 'committed';
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
    reveals,
    events,
  };
}
