import { fixedClock } from '@sneakers/shared/clock';
import { sequenceIds } from '@sneakers/shared/ids';
import type { Preferences, PreferencesDeps } from '../../src/preferences/ports';

/**
 * In-memory preferences ports with the repository's semantics: a save commits only on the
 * version it read (else 'stale'). `raceOnce` makes the next save lose to a write made in
 * between, as a second tab would.
 */
export function preferencesMemory(at = '2026-11-22T10:00:00Z') {
  const rows = new Map<string, Preferences>();
  const partners = new Map<string, string>([['partner-1', 'Kicks BCN']]);
  let interloper: ((userId: string) => void) | null = null;
  const deps: PreferencesDeps = {
    clock: fixedClock(at),
    ids: sequenceIds('hide'),
    partners: { businessNameOf: async (userId) => partners.get(userId) ?? null },
    repo: {
      get: async (userId) => structuredClone(rows.get(userId) ?? null),
      save: async (next) => {
        const run = interloper;
        interloper = null;
        run?.(next.userId);
        const stored = rows.get(next.userId)?.version ?? 0;
        if (stored !== next.version - 1) return 'stale';
        rows.set(next.userId, structuredClone(next));
        return 'committed';
      },
    },
  };
  return {
    deps,
    rows,
    raceOnce(write: (userId: string) => void) {
      interloper = write;
    },
  };
}
