import type { UserActor } from '@sneakers/shared/actor';
import { fixedClock } from '@sneakers/shared/clock';
import { sequenceIds } from '@sneakers/shared/ids';
import type { DecisionsDeps } from '../../src/decisions/ports';
import type { AuditRecord, FlagConfigDocument, FlagsChangedEvent, FlagsDeps } from '../../src/flags/ports';
import type { UsageDeps } from '../../src/usage/ports';
import type {
  GrantRecord,
  OverrideRecord,
  UserAccessDeps,
  UserAccessDocument,
  UserSummary,
} from '../../src/user-access/ports';

/**
 * In-memory ports with the store's semantics: the config document's revision condition,
 * the user document's updatedAt condition, listing rows written with their document, and
 * the once-a-day usage condition. `interfere` runs just before a save, to play a
 * concurrent writer.
 */
export function memoryDeps(at = '2026-11-22T10:00:00Z') {
  const clock = fixedClock(at);
  let config: FlagConfigDocument = { flags: [], rules: [], revision: 0 };
  const docs = new Map<string, UserAccessDocument>();
  const grants = new Map<string, GrantRecord>();
  const overrides = new Map<string, OverrideRecord>();
  const usage = new Map<string, string>();
  const profiles = new Map<string, UserSummary>();
  const audits: AuditRecord[] = [];
  const events: FlagsChangedEvent[] = [];
  const hooks: { beforeConfigSave?: () => Promise<void>; beforeUserSave?: () => Promise<void> } = {};
  let configSaves = 0;
  const emptyDoc = (userId: string): UserAccessDocument => ({
    userId,
    grants: {},
    overrides: {},
    updatedAt: null,
  });

  const deps: FlagsDeps & UserAccessDeps & UsageDeps & DecisionsDeps = {
    clock,
    ids: sequenceIds('id'),
    config: {
      get: async () => structuredClone(config),
      save: async (revision, write) => {
        const hook = hooks.beforeConfigSave;
        hooks.beforeConfigSave = undefined;
        await hook?.();
        configSaves++;
        if (config.revision !== revision) return 'stale';
        config = structuredClone({ flags: write.flags, rules: write.rules, revision: revision + 1 });
        audits.push(write.audit);
        events.push(write.event);
        if (write.deleteUsageOf) usage.delete(write.deleteUsageOf);
        return 'committed';
      },
    },
    userAccess: {
      get: async (userId) => structuredClone(docs.get(userId) ?? emptyDoc(userId)),
      save: async (userId, expected, write) => {
        const hook = hooks.beforeUserSave;
        hooks.beforeUserSave = undefined;
        await hook?.();
        if ((docs.get(userId)?.updatedAt ?? null) !== expected) return 'stale';
        docs.set(
          userId,
          structuredClone({
            userId,
            grants: write.grants,
            overrides: write.overrides,
            updatedAt: write.updatedAt,
          }),
        );
        const listing = write.listing;
        if (listing.kind === 'putGrant')
          grants.set(`${listing.grant.feature}#${listing.grant.userId}`, {
            ...listing.grant,
            updatedAt: write.updatedAt,
          });
        if (listing.kind === 'deleteGrant') grants.delete(`${listing.feature}#${listing.userId}`);
        if (listing.kind === 'putOverride')
          overrides.set(`${listing.override.userId}#${listing.override.feature}`, {
            ...listing.override,
            updatedAt: write.updatedAt,
          });
        if (listing.kind === 'deleteOverride') overrides.delete(`${listing.userId}#${listing.feature}`);
        if (write.audit) audits.push(write.audit);
        if (write.event) events.push(write.event);
        return 'committed';
      },
      grantsOf: async (feature) =>
        [...grants.values()]
          .filter((g) => g.feature === feature)
          .sort((a, b) => a.userId.localeCompare(b.userId)),
      overrides: async () =>
        [...overrides.values()].sort((a, b) =>
          `${a.userId}#${a.feature}`.localeCompare(`${b.userId}#${b.feature}`),
        ),
    },
    usage: {
      all: async () => new Map(usage),
      markSeen: async (feature, seenAt, dayStart) => {
        const last = usage.get(feature);
        if (last !== undefined && last >= dayStart) return false;
        usage.set(feature, seenAt);
        return true;
      },
    },
    profiles: {
      get: async (userId) => profiles.get(userId) ?? null,
      getMany: async (userIds) =>
        new Map(
          userIds.flatMap((id) => {
            const p = profiles.get(id);
            return p ? [[id, p] as const] : [];
          }),
        ),
    },
    access: {
      config: async () => structuredClone(config),
      forUser: async (actor: UserActor) => {
        const profile = profiles.get(actor.userId);
        const doc = docs.get(actor.userId) ?? emptyDoc(actor.userId);
        return {
          subject: profile
            ? { userId: actor.userId, role: profile.role, plan: profile.plan, isSuperuser: actor.isSuperuser }
            : null,
          data: {
            flags: config.flags,
            rules: config.rules,
            grants: doc.grants,
            overrides: Object.entries(doc.overrides).map(([feature, o]) => ({ feature, ...o })),
          },
          // The flags service decides features only; the status of writes is the pipeline's.
          subscription: null,
          cached: false,
        };
      },
    },
  };
  return {
    deps,
    clock,
    docs,
    grants,
    overrides,
    usage,
    profiles,
    audits,
    events,
    hooks,
    config: () => config,
    configSaves: () => configSaves,
  };
}
