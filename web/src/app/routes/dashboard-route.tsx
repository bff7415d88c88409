import { Navigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CenteredSpinner } from '../../components/ui/spinner';
import { useSession, useSignOut } from '../../features/auth';
import { DashboardShell } from '../../features/dashboard';
import { DEMO_PROFILE, leaveDemoMode, useDemoMode } from '../../features/demo';

/** /dashboard/*: the demo store in demo mode, the signed-in user's dashboard, else /auth. */
export function DashboardRoute() {
  const { t } = useTranslation();
  const isDemo = useDemoMode();
  const session = useSession();
  const signOut = useSignOut();

  if (isDemo) {
    // The demo identity's own profile once read; the demo constants until then.
    const profile = session.status === 'signed-in' ? (session.profile ?? DEMO_PROFILE) : DEMO_PROFILE;
    return <DashboardShell profile={profile} isDemo onSignOut={leaveDemoMode} />;
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
