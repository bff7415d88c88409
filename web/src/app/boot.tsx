import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RuntimeConfig } from '@sneakers/shared';
import { buttonClass } from '../components/ui/button-styles';
import { CenteredSpinner } from '../components/ui/spinner';
import { hasPossibleSession } from '../features/auth/session/possible-session';
import { isDemoMode } from '../features/demo/demo-mode';
import { loadRuntimeConfig } from '../lib/runtime-config';
import { loadAppRoot } from './app-loader';
import { LandingShell } from './landing-shell';

// The landing page does not load the app chunk until the visitor leaves it.
const AppRoot = lazy(() => loadAppRoot().then((m) => ({ default: m.AppRoot })));

type BootState = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; config: RuntimeConfig };

export interface BootProps {
  loadConfig?: () => Promise<RuntimeConfig>;
}

/**
 * `/` for a visitor with no session and no demo mode is the landing page, rendered without
 * the router, TanStack Query or aws-amplify (its JavaScript budget). Anything else, or the
 * first click into the app, loads the full app.
 */
export function landingFirst(): boolean {
  return window.location.pathname === '/' && !isDemoMode() && !hasPossibleSession();
}

/** Loads /config.json, then shows the landing shell or the full app. */
export function Boot({ loadConfig = loadRuntimeConfig }: BootProps) {
  const { t } = useTranslation();
  const [state, setState] = useState<BootState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [mode, setMode] = useState<'landing' | 'app'>(() => (landingFirst() ? 'landing' : 'app'));

  useEffect(() => {
    let cancelled = false;
    loadConfig().then(
      (config) => {
        if (!cancelled) setState({ status: 'ready', config });
      },
      (error: unknown) => {
        console.error('Could not load /config.json', error);
        if (!cancelled) setState({ status: 'failed' });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [loadConfig, attempt]);

  const enterApp = useCallback((path: string) => {
    if (path !== window.location.pathname) window.history.pushState(null, '', path);
    setMode('app');
  }, []);

  if (state.status === 'loading')
    return <CenteredSpinner label={t('common.loading')} className="min-h-svh" />;
  if (state.status === 'failed') {
    return (
      <div role="alert" className="flex min-h-svh flex-col items-center justify-center gap-4 p-6 text-center">
        <p className="text-lg font-semibold">{t('errors.generic')}</p>
        <p className="text-sm text-neutral-600 dark:text-neutral-400">{t('errors.config')}</p>
        <button
          type="button"
          className={buttonClass()}
          onClick={() => {
            setState({ status: 'loading' });
            setAttempt((n) => n + 1);
          }}
        >
          {t('errors.retry')}
        </button>
      </div>
    );
  }
  if (mode === 'landing') return <LandingShell config={state.config} onEnterApp={enterApp} />;
  return (
    <Suspense fallback={<CenteredSpinner label={t('common.loading')} className="min-h-svh" />}>
      <AppRoot config={state.config} />
    </Suspense>
  );
}
