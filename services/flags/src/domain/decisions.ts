import type * as z from 'zod/mini';
import { requireUser, requireWriter, type Actor } from '@sneakers/shared/actor';
import { DAY_MS } from '@sneakers/shared/clock';
import {
  STALE_AFTER_DAYS,
  type checkFeatureAccess as checkContract,
  type getMyFeatureAccess as meContract,
  type getStaleFlags as staleContract,
} from '@sneakers/shared/contracts/flags';
import {
  decideFeature,
  STARTUP_GATE_FLAG,
  type FeatureAccessData,
  type FlagRecord,
} from '@sneakers/shared/rules/feature-access';
import { requireFlagAdmin } from './common';
import { listFlags } from './flags';
import type { FlagsDeps } from './ports';

type MyFeatureAccess = z.input<typeof meContract.response>;
type CheckAnswer = z.input<typeof checkContract.response>;
type StaleFlag = z.input<typeof staleContract.response>['flags'][number];

type DecisionData = MyFeatureAccess['data'];

const startupGateOn = (flags: readonly FlagRecord[]) =>
  flags.some((f) => f.name === STARTUP_GATE_FLAG && f.isEnabled);

/** Only what the decision reads: the browser decides locally with the same function. */
function decisionData(data: FeatureAccessData, now: Date): DecisionData {
  const nowMs = now.getTime();
  return {
    flags: data.flags.map(({ name, isEnabled, targetUserTypes, rolloutPercentage, gates }) => ({
      name,
      isEnabled,
      targetUserTypes: [...targetUserTypes],
      rolloutPercentage,
      gates: [...gates],
    })),
    rules: data.rules.map(({ id, feature, role, plan, granted }) => ({ id, feature, role, plan, granted })),
    grants: { ...data.grants },
    overrides: data.overrides.filter((o) => o.expiresAt === null || Date.parse(o.expiresAt) > nowMs),
  };
}

/** Whether the start-up gate is on: all a signed-out visitor needs (they have no features). */
export async function getStartupGate(deps: Pick<FlagsDeps, 'access'>): Promise<{ startupGate: boolean }> {
  const config = await deps.access.config();
  return { startupGate: startupGateOn(config.flags) };
}

/**
 * What decides the caller's own features. Read fresh each time (the loader's cache is off
 * here): a realtime push makes the browser refetch, and it must see the change that caused
 * the push.
 */
export async function getMyFeatureAccess(
  deps: Pick<FlagsDeps, 'access' | 'clock'>,
  actor: Actor,
): Promise<MyFeatureAccess> {
  const { subject, data } = await deps.access.forUser(requireUser(actor));
  return {
    subject,
    data: decisionData(data, deps.clock.now()),
    startupGate: startupGateOn(data.flags),
  };
}

/** The "check a user" tool: the target's own profile decides role, plan and superuser. */
export async function checkFeatureAccess(
  deps: Pick<FlagsDeps, 'config' | 'userAccess' | 'profiles' | 'clock'>,
  actor: Actor,
  query: { userId: string; feature: string },
): Promise<CheckAnswer> {
  requireFlagAdmin(actor);
  const [profile, config, doc] = await Promise.all([
    deps.profiles.get(query.userId),
    deps.config.get(),
    deps.userAccess.get(query.userId),
  ]);
  const data: FeatureAccessData = {
    flags: config.flags,
    rules: config.rules,
    grants: doc.grants,
    overrides: Object.entries(doc.overrides).map(([feature, o]) => ({ feature, ...o })),
  };
  const subject = profile
    ? { userId: profile.userId, role: profile.role, plan: profile.plan, isSuperuser: profile.isSuperuser }
    : null;
  return {
    user: profile,
    decision: decideFeature(query.feature, subject, data, { now: deps.clock.now() }),
  };
}

/**
 * Flags that no longer decide anything: at 0% or 100% for STALE_AFTER_DAYS (always off,
 * always on: the flag can go, or become code), and flags nobody ever evaluated.
 */
export async function getStaleFlags(
  deps: Pick<FlagsDeps, 'config' | 'usage' | 'clock'>,
  actor: Actor,
): Promise<StaleFlag[]> {
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
  deps: Pick<FlagsDeps, 'config' | 'usage' | 'clock'>,
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
