import { DEMO, type UserProfile } from '@sneakers/shared';
import { activeImpersonationOf, useImpersonation } from '../impersonation/impersonation-state';
import { useDemoMode } from '../demo/demo-mode';
import { useAuthState } from './auth-store';
import { useMyProfileQuery } from './profile-query';

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

/**
 * Whether the shown user is a superuser, from their profile: screens of superuser-only routes
 * decide with it before calling them, rather than learn it from a 403 (and a console error).
 * 'loading' until the session and profile are known; a failed or missing profile is 'no'.
 */
export function useSuperuserStatus(): 'loading' | 'yes' | 'no' {
  const session = useSession();
  if (session.status === 'loading') return 'loading';
  if (session.status !== 'signed-in') return 'no';
  if (session.profileStatus === 'loading') return 'loading';
  return session.profile?.isSuperuser === true ? 'yes' : 'no';
}
