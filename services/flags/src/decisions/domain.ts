import type * as z from 'zod/mini';
import { requireUser, type Actor } from '@sneakers/shared/actor';
import type {
  checkFeatureAccess as checkContract,
  getMyFeatureAccess as meContract,
} from '@sneakers/shared/contracts/flags';
import {
  decideFeature,
  STARTUP_GATE_FLAG,
  type FeatureAccessData,
  type FlagRecord,
} from '@sneakers/shared/rules/feature-access';
import { requireFlagAdmin } from '../flags/guards';
import type { DecisionsDeps } from './ports';

/**
 * What decides features (docs/product/feature-flags-and-access.md#decision-order): the
 * caller's own decision data, the start-up gate, and the "check a user" tool.
 */

type MyFeatureAccess = z.input<typeof meContract.response>;
type CheckAnswer = z.input<typeof checkContract.response>;

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
export async function getStartupGate(deps: Pick<DecisionsDeps, 'access'>): Promise<{ startupGate: boolean }> {
  const config = await deps.access.config();
  return { startupGate: startupGateOn(config.flags) };
}

/**
 * What decides the caller's own features. Read fresh each time (the loader's cache is off
 * here): a realtime push makes the browser refetch, and it must see the change that caused
 * the push.
 */
export async function getMyFeatureAccess(
  deps: Pick<DecisionsDeps, 'access' | 'clock'>,
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
  deps: Pick<DecisionsDeps, 'config' | 'userAccess' | 'profiles' | 'clock'>,
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
