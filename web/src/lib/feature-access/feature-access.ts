import { useCallback, useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  getMyFeatureAccess,
  getStartupGate,
  REALTIME_QUERY_KEYS,
  type ApiCall,
  type RealtimeQueryKey,
  type ResponseOf,
} from '@sneakers/shared';
import {
  canOpenSection,
  decideFeature,
  featuresGating,
  type FeatureDecision,
} from '@sneakers/shared/rules/feature-access';
import type { SectionId } from '@sneakers/shared/sections';
import { useApi, useRuntimeConfig } from '../api';
import { useImpersonation } from '../impersonation/impersonation-state';
import { useDemoMode } from '../demo/demo-mode';
import { browserBypassEnvironment, localBypassActive } from './local-bypass';
import { pageSeenReporter, seenSender, type SeenReporter } from './report-seen';

/** Realtime `invalidate` frames with this key make every open tab refetch its features. */
export const FEATURES_QUERY_KEY = REALTIME_QUERY_KEYS.features;
export const FEATURES_REALTIME_KEYS: readonly RealtimeQueryKey[] = [FEATURES_QUERY_KEY];

export type MyFeatureAccess = ResponseOf<typeof getMyFeatureAccess>;

/** The identity of a signed-out visitor: no features, only whether the start-up gate is on. */
export const VISITOR_IDENTITY = 'visitor';

const EMPTY = { flags: [], rules: [], grants: {}, overrides: [] };

/** `identity` keys the cache per signed-in user, impersonated user or visitor, so switching never shows another's features. */
export function featureAccessOptions(api: ApiCall, identity: string | null) {
  return {
    queryKey: [FEATURES_QUERY_KEY, identity] as const,
    // Null while the session itself is loading: one read, for the right identity.
    enabled: identity !== null,
    queryFn: async ({ signal }: { signal: AbortSignal }): Promise<MyFeatureAccess> => {
      if (identity !== VISITOR_IDENTITY) return api(getMyFeatureAccess, { signal });
      const { startupGate } = await api(getStartupGate, { signal });
      return { subject: null, data: EMPTY, startupGate };
    },
    staleTime: 5 * 60_000,
  };
}

export interface FeatureAccess {
  /** loading until the first answer (the start-up spinner waits for it). */
  status: 'loading' | 'ready' | 'error';
  /** Whether the signed-out start-up gate is on. */
  startupGate: boolean;
  decide(feature: string): FeatureDecision;
  has(feature: string): boolean;
  /** Every flag gating the section allows this user (sections no flag gates are open). */
  canOpen(section: SectionId): boolean;
}

/**
 * The caller's feature access, decided in the browser by the same function the API
 * enforces with (shared/src/rules/feature-access.ts). While loading, or if the read failed,
 * nothing gated is allowed (the API would refuse it anyway).
 */
export function useFeatureAccess(
  identity: string | null,
  reporter: SeenReporter = pageSeenReporter,
): FeatureAccess {
  const api = useApi();
  const config = useRuntimeConfig();
  const isDemo = useDemoMode();
  const impersonating = useImpersonation() !== null;
  const query = useQuery(featureAccessOptions(api, identity));
  const localBypass = useMemo(
    () => localBypassActive(browserBypassEnvironment(config.stage)),
    [config.stage],
  );
  const subject = query.data?.subject ?? null;
  const data = query.data?.data ?? EMPTY;

  // Telemetry for the stale report: a signed-in user's own decisions only (visitors have no
  // token, the demo identity is read-only and shared by everyone, and a superuser looking
  // through someone's account must not write in it: every such write lands in the audit log).
  const report = useMemo(() => {
    if (isDemo || impersonating || subject === null || !identity?.startsWith('user:')) return null;
    const send = seenSender(api);
    return (feature: string) => reporter.note(feature, send);
  }, [isDemo, impersonating, subject, identity, api, reporter]);

  const decide = useCallback(
    (feature: string) => {
      report?.(feature);
      return decideFeature(feature, subject, data, { now: new Date(), localBypass });
    },
    [subject, data, localBypass, report],
  );
  return useMemo(
    () => ({
      status: query.isPending ? 'loading' : query.isError ? 'error' : 'ready',
      startupGate: query.data?.startupGate ?? false,
      decide,
      has: (feature: string) => decide(feature).allowed,
      canOpen: (section: SectionId) => {
        if (report) for (const feature of featuresGating(section, data.flags)) report(feature);
        return canOpenSection(section, subject, data, { now: new Date(), localBypass });
      },
    }),
    [query.isPending, query.isError, query.data?.startupGate, decide, subject, data, localBypass, report],
  );
}
