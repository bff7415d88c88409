import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { RuntimeConfig } from '@sneakers/shared/contracts/runtime-config';
import { ShopScreen, shopDemoText, type InitialData } from '../features/shop';
import { createRuntime, RuntimeProvider } from '../lib/api';
import { createQueryClient } from './query-client';

const AppToaster = lazy(() => import('./toaster').then((m) => ({ default: m.AppToaster })));

/** Toasts only follow a visitor's action (the demo store's Buy), so their code loads after the page shows. */
function DeferredToaster() {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setReady(true), 1500);
    return () => window.clearTimeout(timer);
  }, []);
  return ready ? (
    <Suspense fallback={null}>
      <AppToaster />
    </Suspense>
  ) : null;
}

function currentLocation() {
  return { pathname: window.location.pathname, search: window.location.search };
}

export interface StoreShellProps {
  config: RuntimeConfig;
  initial: InitialData | null;
}

/**
 * store.html: the public store pages without the router, aws-amplify or realtime (a buyer's
 * first load, often on a phone). Links move between pages with the history API.
 */
export function StoreShell({ config, initial }: StoreShellProps) {
  const [app] = useState(() => ({
    runtime: createRuntime(config, () => undefined),
    queryClient: createQueryClient(shopDemoText),
  }));
  const [location, setLocation] = useState(currentLocation);
  useEffect(() => {
    const onPop = () => setLocation(currentLocation());
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);
  const navigate = useCallback((to: string) => {
    window.history.pushState(null, '', to);
    setLocation(currentLocation());
    window.scrollTo(0, 0);
  }, []);
  return (
    <RuntimeProvider runtime={app.runtime}>
      <QueryClientProvider client={app.queryClient}>
        <ShopScreen
          pathname={location.pathname}
          search={location.search}
          navigate={navigate}
          initial={initial}
        />
        <DeferredToaster />
      </QueryClientProvider>
    </RuntimeProvider>
  );
}
