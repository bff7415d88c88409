import type { Role, SubscriptionPlan } from '../contracts/profile-values';
import type { SectionId } from '../sections';
import { ownValue } from './own-key';

/**
 * The feature access decision (docs/product/feature-flags-and-access.md#decision-order), one pure function for the API (route
 * enforcement, the "check a user" tool) and the SPA (gates, sidebar). Same inputs, same
 * answer on both sides, so a screen and its API cannot disagree.
 */

export interface FlagRecord {
  /** The feature name; immutable once created (it also salts the rollout bucket). */
  name: string;
  isEnabled: boolean;
  targetUserTypes: readonly Role[];
  /** 0-100. */
  rolloutPercentage: number;
  /** Dashboard sections (and their API routes) that need this feature. */
  gates: readonly SectionId[];
}

export interface AccessRuleRecord {
  id: string;
  feature: string;
  role: Role;
  plan: SubscriptionPlan;
  granted: boolean;
}

export interface OverrideRecord {
  feature: string;
  enabled: boolean;
  /** ISO instant; the override stops deciding at this moment. Null never expires. */
  expiresAt: string | null;
}

/** Everything the decision reads: global flags and rules, and one user's grants and overrides. */
export interface FeatureAccessData {
  flags: readonly FlagRecord[];
  rules: readonly AccessRuleRecord[];
  /** Explicit per-user grants (true) and denials (false), by feature name. */
  grants: Readonly<Record<string, boolean>>;
  overrides: readonly OverrideRecord[];
}

/** The user the decision is about: from the verified token and their profile. Null without a profile. */
export interface FeatureSubject {
  userId: string;
  role: Role;
  plan: SubscriptionPlan;
  isSuperuser: boolean;
}

/** Which step of the decision order decided, in that order (docs/product/feature-flags-and-access.md#decision-order). */
export const DECISION_STEPS = [
  'local-bypass',
  'no-user',
  'superuser',
  'override',
  'rule',
  'flag-missing',
  'flag-disabled',
  'user-grant',
  'user-denial',
  'target-type',
  'rollout',
] as const;
export type DecisionStep = (typeof DECISION_STEPS)[number];

export interface FeatureDecision {
  allowed: boolean;
  step: DecisionStep;
  /** The user's bucket when the rollout step decided (0-99). */
  bucket?: number;
}

export interface DecideOptions {
  /** Current instant (overrides expire). */
  now: Date;
  /** Grants everything; only ever true in the local cloud or a development build. */
  localBypass?: boolean;
}

/**
 * 32-bit FNV-1a over the UTF-16 code units of `feature + ":" + userId`, modulo 100.
 *
 * Why salted by the feature: with the user id alone, every flag at 10% would reach the
 * same 10% of users. Why this hash: tiny, fast (~50 ns), identical in every JS engine, and
 * its low bits spread well enough for buckets (checked by a uniformity test).
 *
 * Sticky rollouts follow from the threshold: a user is in when `bucket < percentage`, so
 * raising the percentage keeps everyone who had the feature, and lowering it removes the
 * highest buckets first. A flag's name never changes, so nobody's bucket moves.
 */
export function rolloutBucket(feature: string, userId: string): number {
  const key = `${feature}:${userId}`;
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    hash ^= key.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % 100;
}

const decided = (allowed: boolean, step: DecisionStep, bucket?: number): FeatureDecision =>
  bucket === undefined ? { allowed, step } : { allowed, step, bucket };

/** The decision order, exactly: the first step that applies decides. */
export function decideFeature(
  feature: string,
  subject: FeatureSubject | null,
  data: FeatureAccessData,
  options: DecideOptions,
): FeatureDecision {
  if (options.localBypass) return decided(true, 'local-bypass');
  if (!subject) return decided(false, 'no-user');
  if (subject.isSuperuser) return decided(true, 'superuser');

  const nowMs = options.now.getTime();
  const override = data.overrides.find(
    (o) => o.feature === feature && (o.expiresAt === null || Date.parse(o.expiresAt) > nowMs),
  );
  if (override) return decided(override.enabled, 'override');

  const rule = data.rules.find(
    (r) => r.feature === feature && r.role === subject.role && r.plan === subject.plan,
  );
  if (rule) return decided(rule.granted, 'rule');

  const flag = data.flags.find((f) => f.name === feature);
  if (!flag) return decided(false, 'flag-missing');
  if (!flag.isEnabled) return decided(false, 'flag-disabled');

  const grant = ownValue(data.grants, feature);
  if (grant === true) return decided(true, 'user-grant');
  if (grant === false) return decided(false, 'user-denial');

  if (!flag.targetUserTypes.includes(subject.role)) return decided(false, 'target-type');

  if (flag.rolloutPercentage >= 100) return decided(true, 'rollout');
  if (flag.rolloutPercentage <= 0) return decided(false, 'rollout');
  const bucket = rolloutBucket(feature, subject.userId);
  return decided(bucket < flag.rolloutPercentage, 'rollout', bucket);
}

/** A checker over one user's data, for deciding many features (the sidebar, every gate). */
export function featureChecker(
  subject: FeatureSubject | null,
  data: FeatureAccessData,
  options: DecideOptions,
): (feature: string) => boolean {
  return (feature) => decideFeature(feature, subject, data, options).allowed;
}

/**
 * The features a section needs: every flag that gates it. A section no flag gates is
 * open (its own rules, e.g. store role, still apply).
 */
export function featuresGating(section: SectionId, flags: readonly FlagRecord[]): string[] {
  return flags.filter((f) => f.gates.includes(section)).map((f) => f.name);
}

/** Whether the subject may open a section: every flag gating it must allow them. */
export function canOpenSection(
  section: SectionId,
  subject: FeatureSubject | null,
  data: FeatureAccessData,
  options: DecideOptions,
): boolean {
  return featuresGating(section, data.flags).every(
    (feature) => decideFeature(feature, subject, data, options).allowed,
  );
}

/** The flag that keeps every path but /auth/* behind a gate screen for signed-out visitors (docs/product/dashboard-shell.md#start-up-gate). */
export const STARTUP_GATE_FLAG = 'startup-gate';

/** Features that open the Administration section besides being a superuser (docs/product/dashboard-shell.md#visibility-rules). */
export const ADMIN_FEATURES = ['feature-flags', 'full_access', 'admin_panel'] as const;
