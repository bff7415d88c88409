import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import type { RuntimeConfig } from '@sneakers/shared/contracts/runtime-config';
import { ShopScreen, type InitialData } from '../features/shop';

// Toasts only follow a visitor's action, so their code (sonner) starts loading a moment after
// the first paint rather than competing with it (docs/adr/0004-light-html-entries.md).
const AppToaster = lazy(() =>
  new Promise((later) => window.setTimeout(later, 1500)).then(() =>
    import('./toaster').then((m) => ({ default: m.AppToaster })),
  ),
);

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
      <Suspense fallback={null}>
        <AppToaster />
      </Suspense>
    </>
  );
}
