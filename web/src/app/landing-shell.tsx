import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { REALTIME_QUERY_KEYS, RuntimeConfig } from '@sneakers/shared';
import { CenteredSpinner } from '../components/ui/spinner';
import { enterDemoMode } from '../lib/demo/demo-mode';
import { LandingPage } from '../features/landing';
import { preloadApp } from './app-loader';

// Typed from the contract's closed set rather than read from it: a value import of the
// contracts module would bring zod into the landing page's budget.
const COMING_SOON_KEY: (typeof REALTIME_QUERY_KEYS)['comingSoon'] = 'settings.comingSoon';

/** Reads the coming-soon switch with a plain fetch (no TanStack Query or zod on this path). */
export async function fetchComingSoonEnabled(
  apiBaseUrl: string,
  fetchImpl: typeof fetch = globalThis.fetch.bind(globalThis),
): Promise<boolean> {
  try {
    const response = await fetchImpl(`${apiBaseUrl.replace(/\/$/, '')}/api/settings/coming-soon`, {
      headers: { accept: 'application/json' },
    });
    if (!response.ok) return false;
    const body = (await response.json()) as { settings?: { isEnabled?: unknown } | null };
    return body.settings?.isEnabled === true;
  } catch {
    // A failed settings call shows the landing page: the public site never blocks on it.
    return false;
  }
}

/**
 * Whether the start-up gate flag is on (docs/product/dashboard-shell.md#start-up-gate), with a plain fetch: the landing
 * page carries none of the flags code. A failed read keeps the landing page.
 */
export async function fetchStartupGateOn(
  apiBaseUrl: string,
  fetchImpl: typeof fetch = globalThis.fetch.bind(globalThis),
): Promise<boolean> {
  try {
    const response = await fetchImpl(`${apiBaseUrl.replace(/\/$/, '')}/api/feature-access/startup-gate`, {
      headers: { accept: 'application/json' },
    });
    if (!response.ok) return false;
    const body = (await response.json()) as { startupGate?: unknown } | null;
    return body?.startupGate === true;
  } catch {
    return false;
  }
}

export interface LandingShellProps {
  config: RuntimeConfig;
  /** Leaves the landing page for `path` inside the full app. */
  onEnterApp: (path: string) => void;
}

/**
 * `/` for a signed-out visitor: the coming-soon check, then the landing page. When an admin
 * turns coming-soon on (now or later, via realtime) the full app takes over and shows it.
 */
export function LandingShell({ config, onEnterApp }: LandingShellProps) {
  const { t } = useTranslation();
  const [checked, setChecked] = useState(false);

  const check = useCallback(async () => {
    // The full app shows coming-soon, or the start-up gate's screen to a visitor.
    const [comingSoon, gate] = await Promise.all([
      fetchComingSoonEnabled(config.apiBaseUrl),
      fetchStartupGateOn(config.apiBaseUrl),
    ]);
    if (comingSoon || gate) onEnterApp('/');
    else setChecked(true);
  }, [config.apiBaseUrl, onEnterApp]);

  useEffect(() => {
    void check();
  }, [check]);

  useEffect(() => {
    if (!checked || !config.wsUrl) return;
    let closed = false;
    let close: (() => void) | undefined;
    // After first paint: the realtime client (and its frame schema) is its own chunk.
    const timer = window.setTimeout(() => {
      void import('../lib/realtime').then(({ connectRealtime }) => {
        if (closed) return;
        close = connectRealtime({
          url: config.wsUrl,
          queryClient: {
            invalidateQueries: ({ queryKey: [key] }) => {
              if (key === COMING_SOON_KEY) void check();
              return Promise.resolve();
            },
          },
          refetchOnReconnect: [COMING_SOON_KEY],
        }).close;
      });
    }, 1000);
    return () => {
      closed = true;
      window.clearTimeout(timer);
      close?.();
    };
  }, [checked, check, config.wsUrl]);

  if (!checked) return <CenteredSpinner label={t('common.loading')} className="min-h-svh" />;
  return (
    <LandingPage
      onNavigate={onEnterApp}
      onIntent={preloadApp}
      onTryDemo={() => {
        enterDemoMode();
        onEnterApp('/dashboard');
      }}
    />
  );
}
