import { useState, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LockKeyhole } from 'lucide-react';
import { PageScreen } from '../components/page-screen';
import { buttonClass } from '../components/ui/button-styles';
import { CenteredSpinner } from '../components/ui/spinner';
import { useAuthState } from '../lib/session/auth-store';
import { useFeatures } from '../lib/feature-access/use-features';

/** Paths the start-up gate never blocks: signing in (and resetting a password) is the way through it. */
export function openBehindStartupGate(pathname: string): boolean {
  return pathname === '/auth' || pathname.startsWith('/auth/');
}

/**
 * Start-up (docs/product/dashboard-shell.md#start-up): a centred 'Loading...' while the session
 * or the feature flags load; then, when the start-up gate flag is on and nobody is signed in,
 * only /auth/* opens and every other path shows the gate screen.
 */
export function StartupGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const auth = useAuthState();
  const features = useFeatures();
  // Only the first load: a later change of identity (sign-in mid-onboarding, impersonation)
  // reloads the features behind the screen, which must keep its state.
  const [started, setStarted] = useState(false);
  const loading = auth.status === 'loading' || features.status === 'loading';
  if (!loading && !started) setStarted(true);

  // /auth/* opens whatever the gate says: its screens do not wait for the flags.
  if (loading && !started && !openBehindStartupGate(pathname))
    return <CenteredSpinner label={t('common.loading')} className="min-h-svh" />;
  if (features.startupGate && auth.status !== 'signed-in' && !openBehindStartupGate(pathname))
    return <StartupGateScreen />;
  return <>{children}</>;
}

function StartupGateScreen() {
  const { t } = useTranslation();
  return (
    <PageScreen>
      <section
        data-testid="startup-gate"
        aria-labelledby="startup-gate-title"
        className="flex max-w-md flex-col items-center gap-4 text-center"
      >
        <LockKeyhole aria-hidden="true" className="h-10 w-10 text-orange-600 dark:text-orange-400" />
        <h1 id="startup-gate-title" className="text-2xl font-bold tracking-tight">
          {t('startupGate.title')}
        </h1>
        <p className="text-neutral-600 dark:text-neutral-400">{t('startupGate.body')}</p>
        <Link to="/auth" data-testid="startup-gate-sign-in" className={buttonClass()}>
          {t('startupGate.signIn')}
        </Link>
      </section>
    </PageScreen>
  );
}
