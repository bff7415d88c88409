import { lazy, Suspense, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RuntimeConfig } from '@sneakers/shared';
import { CenteredSpinner } from '../components/ui/spinner';
import { hasPossibleSession } from '../lib/session/possible-session';
import { isDemoMode } from '../lib/demo/demo-mode';
import { landingStrings } from '../features/landing';
import type { StringsPart } from '../i18n';
import { loadRuntimeConfig } from '../lib/runtime-config';
import { loadAppRoot } from './app-loader';
import { ConfigGate } from './config-gate';
import { LandingShell } from './landing-shell';

/** What Boot's first screen shows besides the core: the landing page. */
export const BOOT_STRINGS: readonly StringsPart[] = [landingStrings];

// The landing page does not load the app chunk until the visitor leaves it.
const AppRoot = lazy(() => loadAppRoot().then((m) => ({ default: m.AppRoot })));

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
  const [mode, setMode] = useState<'landing' | 'app'>(() => (landingFirst() ? 'landing' : 'app'));
  const enterApp = useCallback((path: string) => {
    if (path !== window.location.pathname) window.history.pushState(null, '', path);
    setMode('app');
  }, []);

  return (
    <ConfigGate loadConfig={loadConfig}>
      {(config) =>
        mode === 'landing' ? (
          <LandingShell config={config} onEnterApp={enterApp} />
        ) : (
          <Suspense fallback={<CenteredSpinner label={t('common.loading')} className="min-h-svh" />}>
            <AppRoot config={config} />
          </Suspense>
        )
      }
    </ConfigGate>
  );
}
