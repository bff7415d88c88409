import type { Actor, UserActor } from '@sneakers/shared/actor';
import type { AuditChange } from '@sneakers/shared/audit/audit-item';
import type { DeveloperOverride, FeatureGrant } from '@sneakers/shared/contracts/flags';
import { NotFoundError } from '@sneakers/shared/errors';
import { hasOwnKey, ownValue } from '@sneakers/shared/rules/own-key';
import { changeRecords, nextInstant, retryStale } from '../flags/document-writes';
import { flagNotFound, requireFlagAdmin, requireFlagWriter, userNotFound } from '../flags/guards';
import type {
  ListingChange,
  OverrideRecord,
  StoredOverride,
  UserAccessDeps,
  UserAccessDocument,
  UserSummary,
} from './ports';

/**
 * Per-user grants and denials, and developer overrides. Each change writes the user's
 * decision document (what enforcement reads) and its listing row (what the screens list)
 * in one transaction, with the audit entry and a `Flags.Changed { scope: 'user' }`.
 */

interface UserChange<T> {
  grants: Record<string, boolean>;
  overrides: Record<string, StoredOverride>;
  listing: ListingChange;
  audit: AuditChange | null;
  result: (updatedAt: string) => T;
}

/** Read the user's document, apply, write it while unchanged; another write first → re-read and re-apply. */
async function applyToUser<T>(
  deps: Pick<UserAccessDeps, 'userAccess' | 'clock' | 'ids'>,
  actor: UserActor | null,
  userId: string,
  apply: (doc: UserAccessDocument) => UserChange<T>,
): Promise<T> {
  return retryStale(async () => {
    const current = await deps.userAccess.get(userId);
    const change = apply(current);
    const updatedAt = nextInstant(deps.clock.now(), current.updatedAt);
    const records =
      actor && change.audit
        ? changeRecords(deps, actor, change.audit, { scope: 'user', userId }, updatedAt)
        : {};
    const outcome = await deps.userAccess.save(userId, current.updatedAt, {
      grants: change.grants,
      overrides: change.overrides,
      updatedAt,
      listing: change.listing,
      ...records,
    });
    return { outcome, result: change.result(updatedAt) };
  });
}

const without = <V>(record: Record<string, V>, key: string): Record<string, V> =>
  Object.fromEntries(Object.entries(record).filter(([k]) => k !== key));

const who = (userId: string, profile: UserSummary | undefined | null) => ({
  businessName: profile?.businessName ?? null,
  email: profile?.email ?? null,
});

async function requireFlag(deps: Pick<UserAccessDeps, 'config'>, name: string) {
  if (!(await deps.config.get()).flags.some((f) => f.name === name)) throw flagNotFound();
}

async function requireProfile(deps: Pick<UserAccessDeps, 'profiles'>, userId: string): Promise<UserSummary> {
  const profile = await deps.profiles.get(userId);
  if (!profile) throw userNotFound();
  return profile;
}

export async function listFlagGrants(
  deps: Pick<UserAccessDeps, 'config' | 'userAccess' | 'profiles'>,
  actor: Actor,
  name: string,
): Promise<FeatureGrant[]> {
  requireFlagAdmin(actor);
  await requireFlag(deps, name);
  const grants = await deps.userAccess.grantsOf(name);
  const profiles = await deps.profiles.getMany(grants.map((g) => g.userId));
  return grants.map((g) => ({ ...g, ...who(g.userId, profiles.get(g.userId)) }));
}

/** Grants (true) or denies (false) one flag to one user, replacing what they had. */
export async function setFlagGrant(
  deps: UserAccessDeps,
  actor: Actor,
  name: string,
  userId: string,
  granted: boolean,
): Promise<FeatureGrant> {
  const user = requireFlagWriter(actor);
  await requireFlag(deps, name);
  const profile = await requireProfile(deps, userId);
  return applyToUser(deps, user, userId, (doc) => ({
    grants: { ...doc.grants, [name]: granted },
    overrides: doc.overrides,
    listing: { kind: 'putGrant', grant: { feature: name, userId, granted } },
    audit: {
      action: 'grant.set',
      subject: `${userId}:${name}`,
      before: hasOwnKey(doc.grants, name) ? { granted: ownValue(doc.grants, name) } : undefined,
      after: { granted },
    },
    result: (updatedAt) => ({ feature: name, userId, granted, updatedAt, ...who(userId, profile) }),
  }));
}

export async function deleteFlagGrant(
  deps: UserAccessDeps,
  actor: Actor,
  name: string,
  userId: string,
): Promise<void> {
  const user = requireFlagWriter(actor);
  await applyToUser(deps, user, userId, (doc) => {
    // Own keys only: a flag named `constructor` is not something every document inherits.
    if (!hasOwnKey(doc.grants, name))
      throw new NotFoundError('This user has no grant for this flag.', 'GRANT_NOT_FOUND');
    return {
      grants: without(doc.grants, name),
      overrides: doc.overrides,
      listing: { kind: 'deleteGrant', feature: name, userId },
      audit: {
        action: 'grant.deleted',
        subject: `${userId}:${name}`,
        before: { granted: ownValue(doc.grants, name) },
      },
      result: () => undefined,
    };
  });
}

/**
 * Removes every grant of a flag, user by user (a flag's grants may outnumber one
 * transaction's items). The flag's own deletion is audited and announced to everyone.
 */
export async function purgeGrants(deps: Pick<UserAccessDeps, 'userAccess' | 'clock' | 'ids'>, name: string) {
  for (const grant of await deps.userAccess.grantsOf(name)) {
    await applyToUser(deps, null, grant.userId, (doc) => ({
      grants: without(doc.grants, name),
      overrides: doc.overrides,
      listing: { kind: 'deleteGrant', feature: name, userId: grant.userId },
      audit: null,
      result: () => undefined,
    }));
  }
}

export async function listOverrides(
  deps: Pick<UserAccessDeps, 'userAccess' | 'profiles'>,
  actor: Actor,
): Promise<DeveloperOverride[]> {
  requireFlagAdmin(actor);
  const overrides = await deps.userAccess.overrides();
  const profiles = await deps.profiles.getMany([...new Set(overrides.map((o) => o.userId))]);
  return overrides.map((o) => ({ ...o, ...who(o.userId, profiles.get(o.userId)) }));
}

/** One override per user and feature: saving replaces it. */
export async function setOverride(
  deps: UserAccessDeps,
  actor: Actor,
  userId: string,
  feature: string,
  input: StoredOverride,
): Promise<DeveloperOverride> {
  const user = requireFlagWriter(actor);
  const profile = await requireProfile(deps, userId);
  const stored: StoredOverride = { enabled: input.enabled, expiresAt: input.expiresAt };
  return applyToUser(deps, user, userId, (doc) => {
    const record: Omit<OverrideRecord, 'updatedAt'> = { userId, feature, ...stored };
    return {
      grants: doc.grants,
      overrides: { ...doc.overrides, [feature]: stored },
      listing: { kind: 'putOverride', override: record },
      audit: {
        action: 'override.set',
        subject: `${userId}:${feature}`,
        before: ownValue(doc.overrides, feature),
        after: stored,
      },
      result: (updatedAt) => ({ ...record, updatedAt, ...who(userId, profile) }),
    };
  });
}

export async function deleteOverride(
  deps: UserAccessDeps,
  actor: Actor,
  userId: string,
  feature: string,
): Promise<void> {
  const user = requireFlagWriter(actor);
  await applyToUser(deps, user, userId, (doc) => {
    const before = ownValue(doc.overrides, feature);
    if (!before) throw new NotFoundError('This user has no override for this feature.', 'OVERRIDE_NOT_FOUND');
    return {
      grants: doc.grants,
      overrides: without(doc.overrides, feature),
      listing: { kind: 'deleteOverride', userId, feature },
      audit: { action: 'override.deleted', subject: `${userId}:${feature}`, before },
      result: () => undefined,
    };
  });
}
