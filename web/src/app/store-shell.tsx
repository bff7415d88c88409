import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import type { RuntimeConfig } from '@sneakers/shared/contracts/runtime-config';
import { ShopScreen, type InitialData } from '../features/shop';

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

const loadStoreProviders = (config: RuntimeConfig) =>
  import('./store-live').then((m) => m.storeProviders(config));

function currentLocation() {
  return { pathname: window.location.pathname, search: window.location.search };
}

export interface StoreShellProps {
  config: RuntimeConfig;
  initial: InitialData | null;
}

/**
 * store.html: the public store pages without the router, aws-amplify or realtime (a buyer's
 * first load, often on a phone). Links move between pages with the history API. The API
 * client and the query cache load after the first paint (`loadProviders`).
 */
export function StoreShell({ config, initial }: StoreShellProps) {
  const [loadProviders] = useState(() => {
    let load: ReturnType<typeof loadStoreProviders> | undefined;
    return () => (load ??= loadStoreProviders(config));
  });
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
    <>
      <ShopScreen
        pathname={location.pathname}
        search={location.search}
        navigate={navigate}
        initial={initial}
        loadProviders={loadProviders}
      />
      <DeferredToaster />
    </>
  );
}
