import { useEffect, useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { createRealtimeTicket, type RuntimeConfig } from '@sneakers/shared';
import { getToken, initAuth, useAuthState } from '../features/auth';
import { demoAccessToken, isDemoMode, useDemoMode } from '../features/demo';
import { NOTIFICATIONS_REALTIME_KEYS } from '../features/notifications';
import { SETTINGS_REALTIME_KEYS } from '../features/settings';
import { createRuntime, RuntimeProvider } from '../lib/api';
import { connectRealtime } from '../lib/realtime';
import { createQueryClient } from './query-client';
import { createAppRouter } from './router';
import { saveLanguageChoices } from './save-language';
import { AppToaster } from './toaster';

/** The full app: API client, auth session, TanStack Query, realtime, toasts and the router. */
export function AppRoot({ config }: { config: RuntimeConfig }) {
  const [app] = useState(() => {
    void initAuth(config);
    return {
      // Demo mode calls the API as the read-only demo identity; otherwise as the Cognito user.
      runtime: createRuntime(config, () => (isDemoMode() ? demoAccessToken(config) : getToken())),
      queryClient: createQueryClient(),
      router: createAppRouter(),
    };
  });

  const auth = useAuthState();
  const isDemo = useDemoMode();
  // Whose pushes the socket hears: another identity (sign-in, sign-out, demo) opens a new one.
  const identity = isDemo ? 'demo' : auth.status === 'signed-in' ? auth.userId : null;

  useEffect(() => {
    const realtime = connectRealtime({
      url: app.runtime.config.wsUrl,
      queryClient: app.queryClient,
      refetchOnReconnect: SETTINGS_REALTIME_KEYS,
      ...(identity
        ? {
            subscribe: {
              ticket: async () => (await app.runtime.api(createRealtimeTicket)).ticket,
              refetchOnSubscribe: NOTIFICATIONS_REALTIME_KEYS,
            },
          }
        : {}),
    });
    return () => realtime.close();
  }, [app, identity]);

  useEffect(() => saveLanguageChoices(app.runtime, app.queryClient), [app]);

  return (
    <RuntimeProvider runtime={app.runtime}>
      <QueryClientProvider client={app.queryClient}>
        <RouterProvider router={app.router} />
        <AppToaster />
      </QueryClientProvider>
    </RuntimeProvider>
  );
}
