import { useEffect, useState } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { RuntimeConfig } from '@sneakers/shared';
import { Button } from '../components/ui/button';
import { CenteredSpinner } from '../components/ui/spinner';
import { getToken } from '../features/auth';
import { SETTINGS_REALTIME_KEYS } from '../features/settings';
import { createRuntime, RuntimeProvider, type AppRuntime } from '../lib/api';
import { connectRealtime } from '../lib/realtime';
import { loadRuntimeConfig } from '../lib/runtime-config';
import { createQueryClient } from './query-client';
import { createAppRouter } from './router';

type BootState =
  | { status: 'loading' }
  | { status: 'failed' }
  | {
      status: 'ready';
      runtime: AppRuntime;
      queryClient: QueryClient;
      router: ReturnType<typeof createAppRouter>;
    };

export interface BootProps {
  loadConfig?: () => Promise<RuntimeConfig>;
}

/** Loads /config.json, then starts the API client, TanStack Query, realtime and the router. */
export function Boot({ loadConfig = loadRuntimeConfig }: BootProps) {
  const { t } = useTranslation();
  const [state, setState] = useState<BootState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let cancelled = false;
    loadConfig().then(
      (config) => {
        if (cancelled) return;
        setState({
          status: 'ready',
          runtime: createRuntime(config, getToken),
          queryClient: createQueryClient(),
          router: createAppRouter(),
        });
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

  useEffect(() => {
    if (state.status !== 'ready') return;
    const realtime = connectRealtime({
      url: state.runtime.config.wsUrl,
      queryClient: state.queryClient,
      refetchOnReconnect: SETTINGS_REALTIME_KEYS,
    });
    return () => realtime.close();
  }, [state]);

  if (state.status === 'loading')
    return <CenteredSpinner label={t('common.loading')} className="min-h-svh" />;
  if (state.status === 'failed') {
    return (
      <div role="alert" className="flex min-h-svh flex-col items-center justify-center gap-4 p-6 text-center">
        <p className="text-lg font-semibold">{t('errors.generic')}</p>
        <p className="text-sm text-neutral-600 dark:text-neutral-400">{t('errors.config')}</p>
        <Button
          onClick={() => {
            setState({ status: 'loading' });
            setAttempt((n) => n + 1);
          }}
        >
          {t('errors.retry')}
        </Button>
      </div>
    );
  }
  return (
    <RuntimeProvider runtime={state.runtime}>
      <QueryClientProvider client={state.queryClient}>
        <RouterProvider router={state.router} />
      </QueryClientProvider>
    </RuntimeProvider>
  );
}
