import { useCallback } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { DEMO, getMyProfile, type UserProfile } from '@sneakers/shared';
import { activeImpersonationOf, useImpersonation } from '../../../lib/impersonation/impersonation-state';
import { useDemoMode } from '../../../lib/demo/demo-mode';
import { i18n } from '../../../i18n';
import { useApi } from '../../../lib/api';
import { signOut, useAuthState } from '../session/store';

export const PROFILE_QUERY_KEY = 'profile.mine';
export const profileKeys = {
  mine: (userId: string | null) => [PROFILE_QUERY_KEY, userId] as const,
};

/** What the rest of the app sees: the Cognito session plus the user's profile. */
export type Session =
  | { status: 'loading'; profile: null }
  | { status: 'signed-out'; profile: null }
  | {
      status: 'signed-in';
      userId: string;
      email: string;
      /** missing: signed up but onboarding did not create the profile; failed: the read failed. */
      profileStatus: 'loading' | 'ready' | 'missing' | 'failed';
      profile: UserProfile | null;
    };

interface ProfileResult {
  profile: UserProfile | null;
  failed: boolean;
}

/** The signed-in user's profile; a failed read logs, toasts 'Failed to load profile' and gives null. */
export function useMyProfileQuery(userId: string | null) {
  const api = useApi();
  return useQuery({
    queryKey: profileKeys.mine(userId),
    enabled: userId !== null,
    retry: false,
    queryFn: async ({ signal }): Promise<ProfileResult> => {
      try {
        return { profile: (await api(getMyProfile, { signal })).profile, failed: false };
      } catch (error) {
        if ((error as Error).name === 'AbortError') throw error;
        console.error('Error fetching profile', error);
        toast.error(i18n.t('profile.toast.fetchFailed'));
        return { profile: null, failed: true };
      }
    },
  });
}

/**
 * Demo mode is a session too: the read-only demo identity, whose profile is the demo
 * store's, so every screen reads sample data the way it reads a store's own. While a
 * superuser impersonates, the session names the target (the API acts as them too), so
 * every query keyed by the user reads theirs.
 */
export function useSession(): Session {
  const auth = useAuthState();
  const isDemo = useDemoMode();
  const impersonating = activeImpersonationOf(
    useImpersonation(),
    auth.status === 'signed-in' ? auth.userId : null,
  );
  const user = isDemo
    ? { userId: DEMO.userId, email: DEMO.email }
    : impersonating
      ? { userId: impersonating.target.userId, email: impersonating.target.email }
      : auth.status === 'signed-in'
        ? { userId: auth.userId, email: auth.email }
        : null;
  const query = useMyProfileQuery(user?.userId ?? null);
  if (!user) return { status: auth.status === 'loading' ? 'loading' : 'signed-out', profile: null };
  const data = query.data;
  const profileStatus = !data ? 'loading' : data.failed ? 'failed' : data.profile ? 'ready' : 'missing';
  return { status: 'signed-in', ...user, profileStatus, profile: data?.profile ?? null };
}

/** Signs out: clears the session, the profile and every cached query, then goes to '/'. */
export function useSignOut(): () => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(async () => {
    try {
      await signOut();
    } catch (error) {
      console.error('Sign out failed', error);
    }
    queryClient.clear();
    await navigate('/', { replace: true });
  }, [navigate, queryClient]);
}
