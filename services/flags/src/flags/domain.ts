import type * as z from 'zod/mini';
import type { Actor, UserActor } from '@sneakers/shared/actor';
import type { AuditChange } from '@sneakers/shared/audit/audit-item';
import type {
  AccessRule,
  createFlagSchema,
  FeatureFlag,
  updateFlagSchema,
} from '@sneakers/shared/contracts/flags';
import type { Role, SubscriptionPlan } from '@sneakers/shared/contracts/profiles';
import { ConflictError, NotFoundError } from '@sneakers/shared/errors';
import { purgeGrants } from '../user-access/domain';
import { changeRecords, retryStale } from './document-writes';
import { flagConflict, flagNotFound, requireFlagAdmin, requireFlagWriter } from './guards';
import type { FlagConfigDocument, FlagsDeps } from './ports';

/**
 * Flags and access rules: both live in the one config document, so every change is
 * "read the document, apply, write it at revision + 1" (`applyToConfig`).
 */

const unique = <T>(values: readonly T[] | undefined): T[] => [...new Set(values ?? [])];

/** Every flag, with its last evaluation merged from the usage rows, filtered by name or description. */
export async function listFlags(
  deps: Pick<FlagsDeps, 'config' | 'usage'>,
  actor: Actor,
  query: { search?: string },
): Promise<FeatureFlag[]> {
  requireFlagAdmin(actor);
  const [config, usage] = await Promise.all([deps.config.get(), deps.usage.all()]);
  const needle = query.search?.trim().toLowerCase() ?? '';
  return config.flags
    .filter(
      (f) => !needle || f.name.toLowerCase().includes(needle) || f.description.toLowerCase().includes(needle),
    )
    .map((f) => ({ ...f, lastEvaluatedAt: usage.get(f.name) ?? null }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

interface ConfigChange<T> {
  flags: FeatureFlag[];
  rules: AccessRule[];
  audit: AuditChange;
  result: T;
  deleteUsageOf?: string;
}

/** Read, apply, write conditionally; a revision conflict re-reads and re-applies (see retryStale). */
async function applyToConfig<T>(
  deps: Pick<FlagsDeps, 'config' | 'clock' | 'ids'>,
  actor: UserActor,
  apply: (config: FlagConfigDocument, at: string) => ConfigChange<T>,
): Promise<T> {
  return retryStale(async () => {
    const current = await deps.config.get();
    const at = deps.clock.now().toISOString();
    const change = apply(current, at);
    const { audit, event } = changeRecords(deps, actor, change.audit, { scope: 'all' }, at);
    const outcome = await deps.config.save(current.revision, {
      flags: change.flags,
      rules: change.rules,
      at,
      audit,
      event,
      ...(change.deleteUsageOf ? { deleteUsageOf: change.deleteUsageOf } : {}),
    });
    return { outcome, result: change.result };
  });
}

export async function createFlag(
  deps: FlagsDeps,
  actor: Actor,
  input: z.output<typeof createFlagSchema>,
): Promise<FeatureFlag> {
  const user = requireFlagWriter(actor);
  const exists = (config: FlagConfigDocument) => config.flags.some((f) => f.name === input.name);
  const flagExists = () => new ConflictError('A feature flag with this name already exists.', 'FLAG_EXISTS');
  if (exists(await deps.config.get())) throw flagExists();
  // Grants left by an earlier flag of this name (a clean-up cut short) must not come back with it.
  await purgeGrants(deps, input.name);
  return applyToConfig(deps, user, (config, at) => {
    if (exists(config)) throw flagExists();
    const flag: FeatureFlag = {
      name: input.name,
      description: input.description ?? '',
      isEnabled: input.isEnabled,
      targetUserTypes: unique(input.targetUserTypes),
      rolloutPercentage: input.rolloutPercentage,
      gates: unique(input.gates),
      version: 1,
      createdAt: at,
      updatedAt: at,
      rolloutChangedAt: at,
      lastEvaluatedAt: null,
    };
    return {
      flags: [...config.flags, flag],
      rules: config.rules,
      audit: { action: 'flag.created', subject: flag.name, after: flag },
      result: flag,
    };
  });
}

/** Only a stale `version` (the caller edited an old copy of this flag) is a conflict. */
export async function updateFlag(
  deps: FlagsDeps,
  actor: Actor,
  name: string,
  input: z.output<typeof updateFlagSchema>,
): Promise<FeatureFlag> {
  const user = requireFlagWriter(actor);
  return applyToConfig(deps, user, (config, at) => {
    const before = config.flags.find((f) => f.name === name);
    if (!before) throw flagNotFound();
    if (before.version !== input.version) throw flagConflict();
    const rolloutPercentage = input.rolloutPercentage ?? before.rolloutPercentage;
    const flag: FeatureFlag = {
      ...before,
      description: input.description ?? before.description,
      isEnabled: input.isEnabled ?? before.isEnabled,
      targetUserTypes: input.targetUserTypes ? unique(input.targetUserTypes) : before.targetUserTypes,
      rolloutPercentage,
      gates: input.gates ? unique(input.gates) : before.gates,
      version: before.version + 1,
      updatedAt: at,
      rolloutChangedAt: rolloutPercentage === before.rolloutPercentage ? before.rolloutChangedAt : at,
    };
    return {
      flags: config.flags.map((f) => (f.name === name ? flag : f)),
      rules: config.rules,
      audit: { action: 'flag.updated', subject: name, before, after: flag },
      result: flag,
    };
  });
}

/** The flag, its usage row and then its grants (rows and the users' documents). */
export async function deleteFlag(deps: FlagsDeps, actor: Actor, name: string): Promise<void> {
  const user = requireFlagWriter(actor);
  await applyToConfig(deps, user, (config) => {
    const before = config.flags.find((f) => f.name === name);
    if (!before) throw flagNotFound();
    return {
      flags: config.flags.filter((f) => f.name !== name),
      rules: config.rules,
      audit: { action: 'flag.deleted', subject: name, before },
      result: undefined,
      deleteUsageOf: name,
    };
  });
  await purgeGrants(deps, name);
}

export async function listAccessRules(deps: Pick<FlagsDeps, 'config'>, actor: Actor): Promise<AccessRule[]> {
  requireFlagAdmin(actor);
  return (await deps.config.get()).rules;
}

export async function createAccessRule(
  deps: FlagsDeps,
  actor: Actor,
  input: { feature: string; role: Role; plan: SubscriptionPlan; granted: boolean },
): Promise<AccessRule> {
  const user = requireFlagWriter(actor);
  const id = deps.ids.next();
  return applyToConfig(deps, user, (config, at) => {
    if (
      config.rules.some((r) => r.feature === input.feature && r.role === input.role && r.plan === input.plan)
    )
      throw new ConflictError('A rule for this feature, role and plan already exists.', 'RULE_EXISTS');
    const rule: AccessRule = { id, ...input, createdAt: at };
    return {
      flags: config.flags,
      rules: [...config.rules, rule],
      audit: { action: 'rule.created', subject: id, after: rule },
      result: rule,
    };
  });
}

export async function deleteAccessRule(deps: FlagsDeps, actor: Actor, ruleId: string): Promise<void> {
  const user = requireFlagWriter(actor);
  await applyToConfig(deps, user, (config) => {
    const before = config.rules.find((r) => r.id === ruleId);
    if (!before) throw new NotFoundError('Access rule not found.', 'RULE_NOT_FOUND');
    return {
      flags: config.flags,
      rules: config.rules.filter((r) => r.id !== ruleId),
      audit: { action: 'rule.deleted', subject: ruleId, before },
      result: undefined,
    };
  });
}
