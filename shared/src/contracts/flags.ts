import * as z from 'zod/mini';
import { DECISION_STEPS } from '../rules/feature-access';
import { SECTION_IDS } from '../sections';
import { defineContract } from './contract';
import { recordId, text } from './fields';
import { accessRuleSchema, featureFlagSchema } from './flag-records';
import { ROLES, SUBSCRIPTION_PLANS } from './profile-values';

export * from './flag-records';

/**
 * The flags service (docs/product/feature-flags-and-access.md): feature flags, per-user grants and
 * denials, developer overrides and access rules. Superusers manage them (everyone else
 * gets 403 SUPERUSER_REQUIRED); every signed-in user reads the data that decides their own
 * features (`feature-access/me`) and decides locally with shared/src/rules/feature-access.ts.
 */

/** Lower-case letters, digits, `-` and `_`: the product's flags use both (api-playground, stockx_api_integration; docs/product/feature-flags-and-access.md#feature-flags). */
export const FLAG_NAME_PATTERN = /^[a-z0-9][a-z0-9_-]{0,63}$/;
/**
 * Names a flag may not take: what every JavaScript object already has (`constructor`). A
 * user's grants and overrides are stored as maps keyed by flag name, and the AWS SDK's
 * marshaller takes a map with a `constructor` key for a class instance and refuses it
 * (issue 25), so the name is refused up front with a clear 400.
 */
export const RESERVED_FLAG_NAMES: readonly string[] = Object.getOwnPropertyNames(Object.prototype);
export const flagName = z.string().check(
  z.trim(),
  z.regex(
    FLAG_NAME_PATTERN,
    'Use 1-64 lower-case letters, digits, "-" or "_", starting with a letter or digit',
  ),
  z.refine((name) => !RESERVED_FLAG_NAMES.includes(name), 'This name is reserved: choose another'),
);

const rolloutPercentage = z.int().check(z.minimum(0), z.maximum(100));
const targetUserTypes = z.array(z.enum(ROLES)).check(z.maxLength(ROLES.length));
const gates = z.array(z.enum(SECTION_IDS)).check(z.maxLength(SECTION_IDS.length));
const isoInstant = z.iso.datetime({ offset: true });

export const createFlagSchema = z.strictObject({
  name: flagName,
  description: z.optional(text(500)),
  isEnabled: z.boolean(),
  targetUserTypes,
  rolloutPercentage,
  gates: z.optional(gates),
});
export type CreateFlagInput = z.input<typeof createFlagSchema>;

export const updateFlagSchema = z.strictObject({
  version: z.int().check(z.minimum(1)),
  description: z.optional(text(500)),
  isEnabled: z.optional(z.boolean()),
  targetUserTypes: z.optional(targetUserTypes),
  rolloutPercentage: z.optional(rolloutPercentage),
  gates: z.optional(gates),
});
export type UpdateFlagInput = z.input<typeof updateFlagSchema>;

const flagParams = z.object({ name: flagName });
const userParam = recordId;

/** Who a grant, override or check is about, as the screens show them. */
export const userSummarySchema = z.object({
  userId: z.string(),
  businessName: z.nullable(z.string()),
  email: z.nullable(z.string()),
});

export const featureGrantSchema = z.object({
  feature: z.string(),
  userId: z.string(),
  granted: z.boolean(),
  businessName: z.nullable(z.string()),
  email: z.nullable(z.string()),
  updatedAt: z.string(),
});
export type FeatureGrant = z.infer<typeof featureGrantSchema>;

export const developerOverrideSchema = z.object({
  userId: z.string(),
  feature: z.string(),
  enabled: z.boolean(),
  expiresAt: z.nullable(z.string()),
  businessName: z.nullable(z.string()),
  email: z.nullable(z.string()),
  updatedAt: z.string(),
});
export type DeveloperOverride = z.infer<typeof developerOverrideSchema>;

export const listFlags = defineContract({
  id: 'flags.list',
  method: 'GET',
  path: '/api/flags',
  auth: 'user',
  superuserOnly: true,
  query: z.object({ search: z.optional(text(100)) }),
  response: z.object({ flags: z.array(featureFlagSchema) }),
});

export const createFlag = defineContract({
  id: 'flags.create',
  method: 'POST',
  path: '/api/flags',
  auth: 'user',
  superuserOnly: true,
  body: createFlagSchema,
  response: z.object({ flag: featureFlagSchema }),
  maxBodyBytes: 8 * 1024,
});

export const updateFlag = defineContract({
  id: 'flags.update',
  method: 'PATCH',
  path: '/api/flags/{name}',
  auth: 'user',
  superuserOnly: true,
  params: flagParams,
  body: updateFlagSchema,
  response: z.object({ flag: featureFlagSchema }),
  maxBodyBytes: 8 * 1024,
});

export const deleteFlag = defineContract({
  id: 'flags.delete',
  method: 'DELETE',
  path: '/api/flags/{name}',
  auth: 'user',
  superuserOnly: true,
  params: flagParams,
  response: z.object({ deleted: z.literal(true) }),
});

export const listFlagGrants = defineContract({
  id: 'flags.grants.list',
  method: 'GET',
  path: '/api/flags/{name}/grants',
  auth: 'user',
  superuserOnly: true,
  params: flagParams,
  response: z.object({ grants: z.array(featureGrantSchema) }),
});

export const setFlagGrant = defineContract({
  id: 'flags.grants.set',
  method: 'PUT',
  path: '/api/flags/{name}/grants/{userId}',
  auth: 'user',
  superuserOnly: true,
  params: z.object({ name: flagName, userId: userParam }),
  body: z.strictObject({ granted: z.boolean() }),
  response: z.object({ grant: featureGrantSchema }),
});

export const deleteFlagGrant = defineContract({
  id: 'flags.grants.delete',
  method: 'DELETE',
  path: '/api/flags/{name}/grants/{userId}',
  auth: 'user',
  superuserOnly: true,
  params: z.object({ name: flagName, userId: userParam }),
  response: z.object({ deleted: z.literal(true) }),
});

export const listOverrides = defineContract({
  id: 'flags.overrides.list',
  method: 'GET',
  path: '/api/feature-overrides',
  auth: 'user',
  superuserOnly: true,
  response: z.object({ overrides: z.array(developerOverrideSchema) }),
});

/** One override per user and feature: saving replaces it (docs/product/feature-flags-and-access.md#developer-overrides). */
export const setOverride = defineContract({
  id: 'flags.overrides.set',
  method: 'PUT',
  path: '/api/feature-overrides/{userId}/{feature}',
  auth: 'user',
  superuserOnly: true,
  params: z.object({ userId: userParam, feature: flagName }),
  body: z.strictObject({ enabled: z.boolean(), expiresAt: z.nullable(isoInstant) }),
  response: z.object({ override: developerOverrideSchema }),
});

export const deleteOverride = defineContract({
  id: 'flags.overrides.delete',
  method: 'DELETE',
  path: '/api/feature-overrides/{userId}/{feature}',
  auth: 'user',
  superuserOnly: true,
  params: z.object({ userId: userParam, feature: flagName }),
  response: z.object({ deleted: z.literal(true) }),
});

export const listAccessRules = defineContract({
  id: 'flags.rules.list',
  method: 'GET',
  path: '/api/feature-rules',
  auth: 'user',
  superuserOnly: true,
  response: z.object({ rules: z.array(accessRuleSchema) }),
});

/** One rule per feature, role and plan (409 RULE_EXISTS for a second). */
export const createAccessRule = defineContract({
  id: 'flags.rules.create',
  method: 'POST',
  path: '/api/feature-rules',
  auth: 'user',
  superuserOnly: true,
  body: z.strictObject({
    feature: flagName,
    role: z.enum(ROLES),
    plan: z.enum(SUBSCRIPTION_PLANS),
    granted: z.boolean(),
  }),
  response: z.object({ rule: accessRuleSchema }),
});

export const deleteAccessRule = defineContract({
  id: 'flags.rules.delete',
  method: 'DELETE',
  path: '/api/feature-rules/{ruleId}',
  auth: 'user',
  superuserOnly: true,
  params: z.object({ ruleId: recordId }),
  response: z.object({ deleted: z.literal(true) }),
});

const flagRecordSchema = z.object({
  name: z.string(),
  isEnabled: z.boolean(),
  targetUserTypes: z.array(z.enum(ROLES)),
  rolloutPercentage: z.int(),
  gates: z.array(z.enum(SECTION_IDS)),
});

/** The data of shared/src/rules/feature-access.ts `FeatureAccessData`, for one user. */
export const featureAccessDataSchema = z.object({
  flags: z.array(flagRecordSchema),
  rules: z.array(
    z.object({
      id: z.string(),
      feature: z.string(),
      role: z.enum(ROLES),
      plan: z.enum(SUBSCRIPTION_PLANS),
      granted: z.boolean(),
    }),
  ),
  grants: z.record(z.string(), z.boolean()),
  overrides: z.array(
    z.object({ feature: z.string(), enabled: z.boolean(), expiresAt: z.nullable(z.string()) }),
  ),
});

export const featureSubjectSchema = z.object({
  userId: z.string(),
  role: z.enum(ROLES),
  plan: z.enum(SUBSCRIPTION_PLANS),
  isSuperuser: z.boolean(),
});

/**
 * What decides the caller's own features; the browser decides locally with the same
 * function. A signed-in user without a profile gets `subject: null` (the decision then
 * denies). While impersonating, the impersonated user's.
 */
export const getMyFeatureAccess = defineContract({
  id: 'flags.me',
  method: 'GET',
  path: '/api/feature-access/me',
  auth: 'user',
  response: z.object({
    subject: z.nullable(featureSubjectSchema),
    data: featureAccessDataSchema,
    startupGate: z.boolean(),
  }),
});

/**
 * Whether the start-up gate is on (docs/product/dashboard-shell.md#start-up-gate: when it is, a signed-out visitor reaches
 * only /auth/*). Public: a visitor has no features, so this is all a visitor needs.
 */
export const getStartupGate = defineContract({
  id: 'flags.startupGate',
  method: 'GET',
  path: '/api/feature-access/startup-gate',
  auth: 'public',
  response: z.object({ startupGate: z.boolean() }),
});

export const decisionSchema = z.object({
  allowed: z.boolean(),
  step: z.enum(DECISION_STEPS),
  bucket: z.optional(z.int()),
});

/** The "check a user" tool: the decision for one user and feature, and the step that decided. */
export const checkFeatureAccess = defineContract({
  id: 'flags.check',
  method: 'GET',
  path: '/api/feature-access/check',
  auth: 'user',
  superuserOnly: true,
  query: z.object({ userId: userParam, feature: flagName }),
  response: z.object({
    user: z.nullable(
      z.object({
        ...userSummarySchema.shape,
        role: z.enum(ROLES),
        plan: z.enum(SUBSCRIPTION_PLANS),
        isSuperuser: z.boolean(),
      }),
    ),
    decision: decisionSchema,
  }),
});

export const STALE_REASONS = ['always-off', 'always-on', 'never-evaluated'] as const;
/** A flag left at 0 or 100 this long is reported stale. */
export const STALE_AFTER_DAYS = 30;

export const getStaleFlags = defineContract({
  id: 'flags.stale',
  method: 'GET',
  path: '/api/feature-access/stale',
  auth: 'user',
  superuserOnly: true,
  response: z.object({
    flags: z.array(
      z.object({ name: z.string(), reason: z.enum(STALE_REASONS), since: z.nullable(z.string()) }),
    ),
  }),
});

/** A browser reports the features it decided (for the stale report); at most once a day per flag is stored. */
export const reportFeaturesSeen = defineContract({
  id: 'flags.seen',
  method: 'POST',
  path: '/api/feature-access/seen',
  auth: 'user',
  // Telemetry for the stale-flag report, sent by every page: not a change to audit.
  kind: 'plumbing',
  body: z.strictObject({ features: z.array(flagName).check(z.minLength(1), z.maxLength(100)) }),
  response: z.object({ recorded: z.int() }),
  maxBodyBytes: 8 * 1024,
});

export const flagsContracts = [
  listFlags,
  createFlag,
  updateFlag,
  deleteFlag,
  listFlagGrants,
  setFlagGrant,
  deleteFlagGrant,
  listOverrides,
  setOverride,
  deleteOverride,
  listAccessRules,
  createAccessRule,
  deleteAccessRule,
  getMyFeatureAccess,
  getStartupGate,
  checkFeatureAccess,
  getStaleFlags,
  reportFeaturesSeen,
] as const;
