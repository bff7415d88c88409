import * as z from 'zod/mini';
import { SECTION_IDS } from '../sections';
import { ROLES, SUBSCRIPTION_PLANS } from './profile-values';

/**
 * The stored shapes the feature-access loader parses on every request (re-exported by
 * ./flags): on their own so the HTTP pipeline of every function does not bundle the flags
 * service's contracts.
 */
export const featureFlagSchema = z.object({
  name: z.string(),
  description: z.string(),
  isEnabled: z.boolean(),
  targetUserTypes: z.array(z.enum(ROLES)),
  rolloutPercentage: z.int(),
  gates: z.array(z.enum(SECTION_IDS)),
  /** Bumped on every change; an update must name the version it edited (409 FLAG_CONFLICT otherwise). */
  version: z.int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** When the rollout percentage last changed (the stale report's "at 0 or 100 for 30 days"). */
  rolloutChangedAt: z.string(),
  /** Last time a decision read this flag (API enforcement or a browser's report); null = never. */
  lastEvaluatedAt: z.nullable(z.string()),
});
export type FeatureFlag = z.infer<typeof featureFlagSchema>;

export const accessRuleSchema = z.object({
  id: z.string(),
  feature: z.string(),
  role: z.enum(ROLES),
  plan: z.enum(SUBSCRIPTION_PLANS),
  granted: z.boolean(),
  createdAt: z.string(),
});
export type AccessRule = z.infer<typeof accessRuleSchema>;
