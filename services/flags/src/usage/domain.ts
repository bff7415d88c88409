import type * as z from 'zod/mini';
import { requireWriter, type Actor } from '@sneakers/shared/actor';
import { DAY_MS } from '@sneakers/shared/clock';
import { STALE_AFTER_DAYS, type getStaleFlags as staleContract } from '@sneakers/shared/contracts/flags';
import { listFlags } from '../flags/domain';
import type { UsageDeps } from './ports';

/**
 * The stale-flag report (docs/product/feature-flags-and-access.md#feature-flags-section): when
 * browsers last evaluated each flag, and which flags no longer decide anything.
 */

type StaleFlag = z.input<typeof staleContract.response>['flags'][number];

/**
 * Flags that no longer decide anything: at 0% or 100% for STALE_AFTER_DAYS (always off,
 * always on: the flag can go, or become code), and flags nobody ever evaluated.
 */
export async function getStaleFlags(deps: UsageDeps, actor: Actor): Promise<StaleFlag[]> {
  const flags = await listFlags(deps, actor, {});
  const cutoff = deps.clock.now().getTime() - STALE_AFTER_DAYS * DAY_MS;
  const stale: StaleFlag[] = [];
  for (const flag of flags) {
    const settled = Date.parse(flag.rolloutChangedAt) <= cutoff;
    if (settled && flag.rolloutPercentage === 0)
      stale.push({ name: flag.name, reason: 'always-off', since: flag.rolloutChangedAt });
    if (settled && flag.rolloutPercentage === 100)
      stale.push({ name: flag.name, reason: 'always-on', since: flag.rolloutChangedAt });
    if (flag.lastEvaluatedAt === null)
      stale.push({ name: flag.name, reason: 'never-evaluated', since: flag.createdAt });
  }
  return stale;
}

/**
 * A browser reports the features it decided. Stored at most once a day per flag (a
 * conditional write, so a thousand browsers make one write per flag and day); names that
 * are not flags are ignored. Answers how many were stored.
 */
export async function reportFeaturesSeen(
  deps: UsageDeps,
  actor: Actor,
  features: readonly string[],
): Promise<number> {
  requireWriter(actor);
  const now = deps.clock.now();
  const at = now.toISOString();
  const dayStart = new Date(Math.floor(now.getTime() / DAY_MS) * DAY_MS).toISOString();
  const known = new Set((await deps.config.get()).flags.map((f) => f.name));
  const names = [...new Set(features)].filter((name) => known.has(name));
  const stored = await Promise.all(names.map((name) => deps.usage.markSeen(name, at, dayStart)));
  return stored.filter(Boolean).length;
}
