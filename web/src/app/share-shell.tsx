import { lazy, Suspense, useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { RuntimeConfig } from '@sneakers/shared/contracts/runtime-config';
import { PublicListScreen } from '../features/public-list';
import { createRuntime, RuntimeProvider } from '../lib/api';
import { createQueryClient } from './query-client';
import type { EarlyResponses, ShareTarget } from './share-prefetch';

// Toasts only follow a visitor's action, so their code (sonner) starts loading a moment after
// the first paint rather than competing with it (docs/adr/0004-light-html-entries.md).
const AppToaster = lazy(() =>
  new Promise((later) => window.setTimeout(later, 1500)).then(() =>
    import('./toaster').then((m) => ({ default: m.AppToaster })),
  ),
);

export interface ShareShellProps {
  config: RuntimeConfig;
  target: ShareTarget;
  early: EarlyResponses;
  /** Leaves the shared list for `path` inside the full app. */
  onEnterApp: (path: string) => void;
}

/**
 * `/share/{userId}/{listType}` for a visitor with no session: the public list and the
 * anonymous offer flow, without the router, aws-amplify or realtime (a shared link is most
 * visitors' first load). The first page was requested before this chunk arrived.
 */
export function ShareShell({ config, target, early, onEnterApp }: ShareShellProps) {
  const [app] = useState(() => ({
    runtime: createRuntime(config, () => undefined, early.fetch),
    queryClient: createQueryClient(),
  }));
  return (
    <RuntimeProvider runtime={app.runtime}>
      <QueryClientProvider client={app.queryClient}>
        <PublicListScreen
          userId={target.userId}
          listType={target.listType}
          viewerId={null}
          viewer={null}
          onNavigate={onEnterApp}
        />
        <Suspense fallback={null}>
          <AppToaster />
        </Suspense>
      </QueryClientProvider>
    </RuntimeProvider>
  );
}
