import { fixedClock } from '@sneakers/shared/clock';
import type { IdempotencyClaim } from '@sneakers/shared/idempotency/idempotency';
import { sequenceIds } from '@sneakers/shared/ids';
import type { TalliesDeps, TallyRecord } from '../../src/tallies/ports';
import type { ThingCreatedEvent, ThingRecord, ThingsDeps } from '../../src/things/ports';

/** In-memory ports with the repositories' semantics (conditional claims, newest first, offset cursors). */
export function memoryDeps(at = '2026-11-22T10:00:00Z') {
  const clock = fixedClock(at);
  const things = new Map<string, ThingRecord>();
  const claims = new Map<string, IdempotencyClaim>();
  const tallies = new Map<string, TallyRecord>();
  const counted = new Set<string>();
  const events: ThingCreatedEvent[] = [];
  const key = (owner: string, id: string) => `${owner}#${id}`;

  const deps: ThingsDeps = {
    clock,
    ids: sequenceIds('id'),
    idempotency: {
      get: async (scope, k) => {
        const claim = claims.get(key(scope, k));
        if (!claim) return null;
        const { ttl: _ttl, ...stored } = claim;
        return structuredClone(stored);
      },
    },
    repo: {
      listThings: async (owner, page) => {
        const all = [...things.values()]
          .filter((t) => t.ownerUserId === owner)
          .sort((a, b) => b.id.localeCompare(a.id));
        const start = page.cursor ? Number(page.cursor) : 0;
        const end = start + (page.limit ?? 25);
        return {
          items: all.slice(start, end).map((t) => structuredClone(t)),
          cursor: end < all.length ? String(end) : null,
        };
      },
      createThing: async (record, claim, event) => {
        if (claims.has(key(claim.scope, claim.key))) return 'duplicate';
        claims.set(key(claim.scope, claim.key), structuredClone(claim));
        things.set(key(record.ownerUserId, record.id), structuredClone(record));
        events.push(event);
        return 'committed';
      },
      markProcessed: async (owner, id, at) => {
        const thing = things.get(key(owner, id));
        if (!thing || thing.processedAt !== null) return 'skipped';
        things.set(key(owner, id), { ...thing, processedAt: at });
        return 'committed';
      },
    },
  };
  const talliesDeps: TalliesDeps = {
    clock,
    repo: {
      getTally: async (owner) => structuredClone(tallies.get(owner) ?? null),
      countThing: async (owner, eventId, updatedAt) => {
        if (counted.has(eventId)) return 'duplicate';
        counted.add(eventId);
        tallies.set(owner, { ownerUserId: owner, things: (tallies.get(owner)?.things ?? 0) + 1, updatedAt });
        return 'committed';
      },
    },
  };
  return { deps, talliesDeps, clock, things, events };
}
