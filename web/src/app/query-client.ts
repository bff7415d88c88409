import { MutationCache, QueryClient } from '@tanstack/react-query';
import { DEMO_TOAST_ID, isDemoRefusal } from '../lib/demo/demo-refusal';
import { i18n } from '../i18n';

/**
 * Data is fresh for 5 minutes and kept 10 (docs/product/constants.md#interface). `demoText`:
 * the demo toast's text, from a part the page has loaded (store.html ships the shop's, not the app's).
 */
export function createQueryClient(
  demoText: () => string = () => i18n.t('profile.toast.demoMode'),
): QueryClient {
  return new QueryClient({
    mutationCache: new MutationCache({
      onError: (error) => {
        // The demo toast (docs/product/demo-mode.md#demo-toast), once per refused write (screens
        // skip their own error toast for it). sonner loads on demand: the share shell's first paint does not wait for it.
        if (isDemoRefusal(error))
          void import('sonner').then(({ toast }) => toast.error(demoText(), { id: DEMO_TOAST_ID }));
      },
    }),
    defaultOptions: {
      queries: { staleTime: 5 * 60_000, gcTime: 10 * 60_000, retry: 1 },
    },
  });
}
