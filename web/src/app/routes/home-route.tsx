import { lazy, Suspense } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CenteredSpinner } from '../../components/ui/spinner';
import { useSession } from '../../lib/session/use-session';
import { ComingSoonPage } from '../../features/coming-soon/pages';
import { enterDemoMode, useDemoMode } from '../../lib/demo/demo-mode';
import { dashboardStrings } from '../dashboard/i18n/strings';
import { LandingPage } from '../../features/landing';
import { useComingSoonSettings } from '../../lib/site-settings';
import { withStrings } from '../../i18n';

// The dashboard stays lazy: the landing page must not carry its code.
const DashboardRoute = lazy(() =>
  withStrings(import('./dashboard-route'), dashboardStrings).then((m) => ({ default: m.DashboardRoute })),
);

/**
 * / (docs/product/landing-and-coming-soon.md#home-route): a spinner while the session loads; the dashboard for a signed-in user
 * with a profile, or in demo mode ('Loading dashboard...'); 'Loading your profile...' while
 * the profile loads; onboarding for a user who signed up but has no profile yet; otherwise
 * coming-soon (when enabled) or the landing page.
 */
export function HomeRoute() {
  const { t } = useTranslation();
  const isDemo = useDemoMode();
  const session = useSession();
  const dashboard = (
    <Suspense fallback={<CenteredSpinner label={t('home.loadingDashboard')} className="min-h-svh" />}>
      <DashboardRoute />
    </Suspense>
  );
  if (isDemo) return dashboard;
  if (session.status === 'loading')
    return <CenteredSpinner label={t('common.loading')} className="min-h-svh" />;
  if (session.status === 'signed-in') {
    if (session.profileStatus === 'loading')
      return <CenteredSpinner label={t('home.loadingProfile')} className="min-h-svh" />;
    if (session.profileStatus === 'ready') return dashboard;
    if (session.profileStatus === 'missing') return <Navigate to="/onboarding" replace />;
  }
  return <PublicHome />;
}

function PublicHome() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const comingSoon = useComingSoonSettings();

  if (comingSoon.isPending) return <CenteredSpinner label={t('common.loading')} className="min-h-svh" />;
  // A failed settings call shows the landing page: the public site never blocks on it.
  if (comingSoon.data?.isEnabled)
    return (
      <Suspense fallback={<CenteredSpinner label={t('common.loading')} className="min-h-svh" />}>
        <ComingSoonPage settings={comingSoon.data} />
      </Suspense>
    );
  return (
    <LandingPage
      onNavigate={(to) => void navigate(to)}
      onTryDemo={() => {
        enterDemoMode();
        void navigate('/dashboard');
      }}
    />
  );
}
