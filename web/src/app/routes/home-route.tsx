import { lazy, Suspense } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CenteredSpinner } from '../../components/ui/spinner';
import { useSession } from '../../features/auth';
import { ComingSoonPage } from '../../features/coming-soon';
import { enterDemoMode, useDemoMode } from '../../features/demo';
import { LandingPage } from '../../features/landing';
import { useComingSoonSettings } from '../../features/settings';

// The dashboard stays lazy: the landing page must not carry its code.
const DashboardRoute = lazy(() => import('./dashboard-route').then((m) => ({ default: m.DashboardRoute })));

/** /: the dashboard in demo mode (or signed in); otherwise coming-soon or the landing page. */
export function HomeRoute() {
  const { t } = useTranslation();
  const isDemo = useDemoMode();
  const session = useSession();
  if (isDemo || session.status === 'signed-in') {
    return (
      <Suspense fallback={<CenteredSpinner label={t('home.loadingDashboard')} className="min-h-svh" />}>
        <DashboardRoute />
      </Suspense>
    );
  }
  return <PublicHome />;
}

function PublicHome() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const comingSoon = useComingSoonSettings();

  if (comingSoon.isPending) return <CenteredSpinner label={t('common.loading')} className="min-h-svh" />;
  // A failed settings call shows the landing page: the public site never blocks on it.
  if (comingSoon.data?.isEnabled) return <ComingSoonPage settings={comingSoon.data} />;
  return (
    <LandingPage
      onTryDemo={() => {
        enterDemoMode();
        void navigate('/dashboard');
      }}
    />
  );
}
