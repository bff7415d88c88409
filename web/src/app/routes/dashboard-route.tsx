import { Navigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { getDemoProfile } from '@sneakers/shared';
import { CenteredSpinner } from '../../components/ui/spinner';
import { useSession, useSignOut } from '../../features/auth';
import { DashboardShell } from '../../features/dashboard';
import { DEMO_PROFILE, leaveDemoMode, useDemoMode } from '../../features/demo';
import { useApi } from '../../lib/api';

export const DEMO_PROFILE_QUERY_KEY = 'profile.demo';

/** The demo store's profile from the API; the DEMO constants while it loads or if it fails. */
function useDemoProfile(enabled: boolean) {
  const api = useApi();
  const query = useQuery({
    queryKey: [DEMO_PROFILE_QUERY_KEY],
    enabled,
    retry: false,
    queryFn: async ({ signal }) => (await api(getDemoProfile, { signal })).profile,
  });
  return query.data ?? DEMO_PROFILE;
}

/** /dashboard/*: the demo store in demo mode, the signed-in user's dashboard, else /auth. */
export function DashboardRoute() {
  const { t } = useTranslation();
  const isDemo = useDemoMode();
  const session = useSession();
  const signOut = useSignOut();
  const demoProfile = useDemoProfile(isDemo);

  if (isDemo) {
    return <DashboardShell profile={demoProfile} isDemo onSignOut={leaveDemoMode} />;
  }
  if (session.status === 'loading')
    return <CenteredSpinner label={t('common.loading')} className="min-h-svh" />;
  if (session.status === 'signed-in') {
    if (session.profileStatus === 'loading')
      return <CenteredSpinner label={t('home.loadingProfile')} className="min-h-svh" />;
    if (session.profile)
      return <DashboardShell profile={session.profile} isDemo={false} onSignOut={() => void signOut()} />;
    if (session.profileStatus === 'missing') return <Navigate to="/onboarding" replace />;
  }
  return <Navigate to="/auth" replace />;
}
