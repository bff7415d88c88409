import { useEffect, useMemo, useRef, useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { createRealtimeTicket, type RuntimeConfig } from '@sneakers/shared';
import {
  activeImpersonationOf,
  impersonationHeaders,
  reportApiError,
  useImpersonation,
} from '../lib/impersonation/impersonation-state';
import { getToken, initAuth, useAuthState } from '../lib/session/auth-store';
import { demoAccessToken } from '../lib/demo/demo-session';
import { isDemoMode, useDemoMode } from '../lib/demo/demo-mode';
import { FEATURES_REALTIME_KEYS } from '../lib/feature-access/feature-access';
import { MESSAGING_REALTIME_KEYS } from '../features/messaging';
import { NOTIFICATIONS_REALTIME_KEYS } from '../features/notifications';
import { DEALS_REALTIME_KEYS } from '../features/deals';
import { SETTINGS_REALTIME_KEYS } from '../lib/site-settings';
import { createRuntime, RuntimeProvider } from '../lib/api';
import { connectRealtime, type RealtimeClient, type RealtimeSubscription } from '../lib/realtime';
import { BILLING_PATH } from '../lib/billing/subscription-required';
import { createQueryClient } from './query-client';
import { reportSubscriptionRequired } from './subscription-required';
import { createAppRouter } from './router';
import { saveLanguageChoices } from './save-language';
import { AppToaster } from './toaster';

/** The full app: API client, auth session, TanStack Query, realtime, toasts and the router. */
export function AppRoot({ config }: { config: RuntimeConfig }) {
  const [app] = useState(() => {
    void initAuth(config);
    const router = createAppRouter();
    return {
      // Demo mode calls the API as the read-only demo identity; otherwise as the Cognito user,
      // with the impersonation token while a superuser acts as someone else.
      runtime: createRuntime(config, () => (isDemoMode() ? demoAccessToken(config) : getToken()), undefined, {
        headers: () => (isDemoMode() ? {} : impersonationHeaders()),
        onError: (error) => {
          reportApiError(error);
          reportSubscriptionRequired(error, () => void router.navigate(BILLING_PATH));
        },
      }),
      queryClient: createQueryClient(),
      router,
    };
  });

  const auth = useAuthState();
  const isDemo = useDemoMode();
  const impersonating = activeImpersonationOf(
    useImpersonation(),
    auth.status === 'signed-in' ? auth.userId : null,
  );
  // Whose pushes the socket hears: another identity (sign-in, sign-out, demo, impersonation)
  // subscribes anew; while impersonating, the ticket is the target's (the API acts as them).
  const identity = isDemo
    ? 'demo'
    : impersonating
      ? `${impersonating.originalProfile.userId}:as:${impersonating.target.userId}`
      : auth.status === 'signed-in'
        ? auth.userId
        : null;

  const subscription = useMemo<RealtimeSubscription | undefined>(
    () =>
      identity
        ? {
            ticket: async () => (await app.runtime.api(createRealtimeTicket)).ticket,
            // Message frames go to the messaging screens through onRealtimeMessage (lib/realtime).
            refetchOnSubscribe: [
              ...NOTIFICATIONS_REALTIME_KEYS,
              ...FEATURES_REALTIME_KEYS,
              ...MESSAGING_REALTIME_KEYS,
              ...DEALS_REALTIME_KEYS,
            ],
          }
        : undefined,
    [app, identity],
  );
  const subscriptionRef = useRef(subscription);
  useEffect(() => {
    subscriptionRef.current = subscription;
  }, [subscription]);
  const realtimeRef = useRef<RealtimeClient | null>(null);
  // One socket per tab, opened once the session is known: opening it while the session loads
  // and replacing it a moment later closed it before it connected, on almost every load.
  const sessionKnown = isDemo || auth.status !== 'loading';

  useEffect(() => {
    if (!sessionKnown) return;
    const realtime = connectRealtime({
      url: app.runtime.config.wsUrl,
      queryClient: app.queryClient,
      // A feature granted while the socket was down appears once it is back.
      refetchOnReconnect: [...SETTINGS_REALTIME_KEYS, ...FEATURES_REALTIME_KEYS],
      subscribe: subscriptionRef.current,
    });
    realtimeRef.current = realtime;
    return () => {
      realtimeRef.current = null;
      realtime.close();
    };
  }, [app, sessionKnown]);

  // Another identity re-subscribes the same socket.
  useEffect(() => realtimeRef.current?.setSubscription(subscription), [subscription]);

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
