import { useCallback, useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { startImpersonation, stopImpersonation, type UserProfile } from '@sneakers/shared';
import { useApi } from '../../../lib/api';
import { PROFILE_QUERY_KEY, profileKeys } from '../../../lib/session/profile-query';
import { signOut } from '../../../lib/session/auth-store';
import { FEATURES_QUERY_KEY } from '../../../lib/feature-access/feature-access';
import {
  endImpersonationHere,
  getImpersonation,
  setImpersonation,
  type ImpersonationState,
} from '../../../lib/impersonation/impersonation-state';
import { impersonationAddress, safeReturnUrl, stripImpersonationParams } from './address';

type Active = Extract<ImpersonationState, { status: 'active' }>;

/**
 * Another identity's data must not be shown: every query refetches for whoever the session
 * now names, except the profile and features, which are keyed by user already.
 */
function refetchForNewIdentity(queryClient: QueryClient): Promise<void> {
  return queryClient.resetQueries({
    predicate: (query) => query.queryKey[0] !== PROFILE_QUERY_KEY && query.queryKey[0] !== FEATURES_QUERY_KEY,
  });
}

/** The address Stop goes to: the stored return address without the impersonation parameters. */
export function returnAddress(returnUrl: string | null): string {
  const safe = safeReturnUrl(returnUrl);
  if (!safe) return '/';
  const url = new URL(safe, window.location.origin);
  return `${url.pathname}${stripImpersonationParams(url.search)}${url.hash}`;
}

/** Starts impersonating `targetUserId` and opens their dashboard (docs/product/administration.md#starting). */
export function useStartImpersonation() {
  const api = useApi();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(
    async (targetUserId: string, originalProfile: UserProfile, returnUrl: string) => {
      const { impersonation, token } = await api(startImpersonation, { body: { targetUserId } });
      setImpersonation({
        status: 'active',
        token,
        impersonationId: impersonation.id,
        target: {
          userId: impersonation.targetUserId,
          businessName: impersonation.targetBusinessName,
          email: impersonation.targetEmail,
        },
        expiresAt: impersonation.expiresAt,
        originalProfile,
        returnUrl,
      });
      await navigate(impersonationAddress(impersonation.targetUserId, impersonation.id, returnUrl));
      await refetchForNewIdentity(queryClient);
    },
    [api, navigate, queryClient],
  );
}

export interface ImpersonationEnding {
  /** The Stop button: ends it on the server and returns to the admin screen (or signs out, see below). */
  stop: () => Promise<void>;
  /** Restores the superuser after `ended` (already ended with endImpersonationHere or the API hook). */
  restore: (ended: Active) => Promise<void>;
}

export function useEndImpersonation(): ImpersonationEnding {
  const api = useApi();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  // Read when the impersonation ends, which may be long after this render.
  const location = useLocation();
  const here = useRef(location);
  useEffect(() => {
    here.current = location;
  }, [location]);

  const restore = useCallback(
    async (ended: Active) => {
      queryClient.setQueryData(profileKeys.mine(ended.originalProfile.userId), {
        profile: ended.originalProfile,
        failed: false,
      });
      // Drop the parameters from this entry first, so Back does not re-enter impersonation mode.
      await navigate(
        { pathname: here.current.pathname, search: stripImpersonationParams(here.current.search) },
        { replace: true },
      );
      await navigate(returnAddress(ended.returnUrl));
      await refetchForNewIdentity(queryClient);
    },
    [navigate, queryClient],
  );

  const stop = useCallback(async () => {
    const state = getImpersonation();
    if (!state) return;
    // Cleared first: the stop call then goes without the header, and a grant that already
    // ended cannot end the impersonation a second time through the API error hook.
    endImpersonationHere(state);
    if (state.status === 'orphan') {
      // Opened in impersonation mode with no original profile here: nothing to restore.
      try {
        await signOut();
      } catch (error) {
        console.error('Sign out failed', error);
      }
      queryClient.clear();
      await navigate(returnAddress(state.returnUrl), { replace: true });
      return;
    }
    try {
      await api(stopImpersonation, { params: { impersonationId: state.impersonationId } });
    } catch (error) {
      // The token is gone from this tab, so the grant is unusable; it also expires on its own.
      console.error('Could not stop the impersonation on the server', error);
    }
    await restore(state);
  }, [api, navigate, queryClient, restore]);

  return { stop, restore };
}
