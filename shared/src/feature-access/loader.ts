import { BatchGetCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import type { UserActor } from '../actor';
import type { Clock } from '../clock';
import {
  accessRuleSchema,
  featureFlagSchema,
  type AccessRule,
  type FeatureFlag,
} from '../contracts/flag-records';
import type { FeatureAccessData, FeatureSubject, OverrideRecord } from '../rules/feature-access';
import type { SubscriptionState } from '../rules/subscription';
import type { DocumentClient } from '../table/client';
import { FLAG_CONFIG_SCOPE, flagConfigView, userFeatureAccessView } from '../views/feature-access-view';
import { profileView } from '../views/profile-view';

/**
 * Reads what a feature decision needs with at most ONE DynamoDB request: a BatchGetItem of
 * the flag config row, the user's grants/overrides row and their profile, each only when
 * not cached. Cached per Lambda container for FEATURE_CACHE_TTL_MS, so a warm function
 * usually makes no request at all (docs/adr/0010). A change therefore reaches API
 * enforcement within that time; the SPA hears it at once through the realtime push.
 * The profile's subscription state travels in the same entry, so the write pipeline's
 * status check (docs/adr/0021) costs no request of its own.
 */
export const FEATURE_CACHE_TTL_MS = 15_000;
/** Users kept in the per-container cache (least recently loaded dropped first). */
const USER_CACHE_LIMIT = 500;

export interface FlagConfig {
  flags: FeatureFlag[];
  rules: AccessRule[];
  revision: number;
}

export interface UserFeatureDocument {
  grants: Record<string, boolean>;
  overrides: OverrideRecord[];
}

export interface UserFeatureAccess {
  subject: FeatureSubject | null;
  data: FeatureAccessData;
  /** The profile's subscription fields; null without a profile (a user still onboarding). */
  subscription: SubscriptionState | null;
  /** true: the user's entry came from the cache (up to the TTL old), false: read by this call. */
  cached: boolean;
}

const configSchema = z.object({ flags: z.array(featureFlagSchema), rules: z.array(accessRuleSchema) });
const grantsSchema = z.record(z.string(), z.boolean());
const overridesSchema = z.record(
  z.string(),
  z.object({ enabled: z.boolean(), expiresAt: z.nullable(z.string()) }),
);

export const EMPTY_CONFIG: FlagConfig = { flags: [], rules: [], revision: 0 };

export function parseFlagConfig(
  raw: { flags: unknown; rules: unknown; revision: number } | null,
): FlagConfig {
  if (!raw) return EMPTY_CONFIG;
  const parsed = configSchema.parse({ flags: raw.flags, rules: raw.rules });
  return { ...parsed, revision: raw.revision };
}

export function parseUserFeatureDocument(
  raw: { grants: unknown; overrides: unknown } | null,
): UserFeatureDocument {
  if (!raw) return { grants: {}, overrides: [] };
  const overrides = overridesSchema.parse(raw.overrides);
  return {
    grants: grantsSchema.parse(raw.grants),
    overrides: Object.entries(overrides).map(([feature, o]) => ({ feature, ...o })),
  };
}

export function accessData(config: FlagConfig, user: UserFeatureDocument): FeatureAccessData {
  return { flags: config.flags, rules: config.rules, grants: user.grants, overrides: user.overrides };
}

interface Cached<T> {
  value: T;
  at: number;
}

interface UserEntry {
  document: UserFeatureDocument;
  profile: { role: FeatureSubject['role']; plan: FeatureSubject['plan'] } | null;
  subscription: SubscriptionState | null;
}

export interface FeatureAccessLoader {
  /** Flags and rules only (to know whether a route's section is gated at all). */
  config(): Promise<FlagConfig>;
  /**
   * The cached flags and rules while fresh, else null, without any request: a caller that
   * will need `forUser` anyway calls it directly on a miss, so config and user come in ONE
   * BatchGet instead of one request each.
   */
  peekConfig(): FlagConfig | null;
  /**
   * Everything one user's decisions need. `fresh`: read the user's rows again whatever the
   * cache holds (one BatchGet; the status check's second look before it refuses a write).
   */
  forUser(actor: UserActor, options?: { fresh?: boolean }): Promise<UserFeatureAccess>;
  /** DynamoDB requests made so far (the bench prints requests per invocation). */
  readonly requests: number;
}

const ENTITY_ATTRIBUTE = '__edb_e__';

export function createFeatureAccessLoader(
  client: DocumentClient,
  table: string,
  clock: Clock,
  ttlMs = FEATURE_CACHE_TTL_MS,
): FeatureAccessLoader {
  let configCache: Cached<FlagConfig> | null = null;
  const users = new Map<string, Cached<UserEntry>>();
  let requests = 0;
  const fresh = (entry: Cached<unknown> | null | undefined): boolean =>
    !!entry && clock.now().getTime() - entry.at < ttlMs;

  // ElectroDB refuses to build params without a table, even when only the Key is used.
  const configKey = () => flagConfigView.get({ scope: FLAG_CONFIG_SCOPE }).params({ table }).Key;
  const userKey = (userId: string) => userFeatureAccessView.get({ userId }).params({ table }).Key;
  const profileKey = (userId: string) => profileView.get({ userId }).params({ table }).Key;

  async function batchGet(keys: Record<string, unknown>[]): Promise<Record<string, unknown>[]> {
    const items: Record<string, unknown>[] = [];
    let pending: Record<string, unknown>[] = keys;
    while (pending.length > 0) {
      requests++;
      const result = await client.send(new BatchGetCommand({ RequestItems: { [table]: { Keys: pending } } }));
      items.push(...(result.Responses?.[table] ?? []));
      pending = result.UnprocessedKeys?.[table]?.Keys ?? [];
    }
    return items;
  }

  function remember(entity: string | undefined, item: Record<string, unknown> | undefined) {
    if (entity === 'flagConfig') {
      const parsed = item ? flagConfigView.parse({ Item: item }).data : null;
      configCache = { value: parseFlagConfig(parsed), at: clock.now().getTime() };
    }
  }

  async function loadUser(userId: string, withConfig: boolean): Promise<UserEntry> {
    const keys = [userKey(userId), profileKey(userId), ...(withConfig ? [configKey()] : [])];
    const items = await batchGet(keys);
    const byEntity = new Map(items.map((item) => [String(item[ENTITY_ATTRIBUTE]), item]));
    if (withConfig) remember('flagConfig', byEntity.get('flagConfig'));
    const doc = byEntity.get('userFeatureAccess');
    const profile = byEntity.get('userProfile');
    const profileData = profile ? profileView.parse({ Item: profile }).data : null;
    const entry: UserEntry = {
      document: parseUserFeatureDocument(doc ? userFeatureAccessView.parse({ Item: doc }).data : null),
      profile: profileData ? { role: profileData.role, plan: profileData.subscriptionPlan } : null,
      subscription: profileData
        ? {
            status: profileData.subscriptionStatus,
            trialEndsAt: profileData.trialEndsAt,
            pastDueSince: profileData.pastDueSince ?? null,
          }
        : null,
    };
    users.delete(userId);
    users.set(userId, { value: entry, at: clock.now().getTime() });
    if (users.size > USER_CACHE_LIMIT) users.delete(users.keys().next().value ?? '');
    return entry;
  }

  const peekConfig = (): FlagConfig | null => (configCache && fresh(configCache) ? configCache.value : null);

  async function config(): Promise<FlagConfig> {
    const cached = peekConfig();
    if (cached) return cached;
    const [item] = await batchGet([configKey()]);
    remember('flagConfig', item);
    return configCache?.value ?? EMPTY_CONFIG;
  }

  return {
    get requests() {
      return requests;
    },
    config,
    peekConfig,
    async forUser(actor, options = {}) {
      const cachedUser = options.fresh ? undefined : users.get(actor.userId);
      const configBefore = peekConfig();
      const userFresh = !!cachedUser && fresh(cachedUser);
      const entry = cachedUser && userFresh ? cachedUser.value : await loadUser(actor.userId, !configBefore);
      // The config the user's batch just read is used as read (even with a TTL of 0); only a
      // fresh user with a stale config reads the config alone. Not `this.config()`: the
      // loader's methods are handed around unbound.
      const readWithUser = !userFresh && !configBefore ? configCache?.value : undefined;
      const current = configBefore ?? readWithUser ?? (await config());
      return {
        subject: entry.profile
          ? { userId: actor.userId, ...entry.profile, isSuperuser: actor.isSuperuser }
          : null,
        data: accessData(current, entry.document),
        subscription: entry.subscription,
        cached: userFresh,
      };
    },
  };
}
