import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ApiError, type Provider } from '@sneakers/shared';
import { useDecideProvider, useDeleteProvider } from '../api/queries';
import { isDemoRefusal } from '../../../lib/demo/demo-refusal';

/** Approve / reject with their toasts; `pendingId` is the provider being decided. */
export function useProviderDecision() {
  const { t } = useTranslation();
  const decide = useDecideProvider();
  const run = (provider: Provider, decision: 'approve' | 'reject') =>
    decide.mutate(
      { id: provider.id, decision },
      {
        onSuccess: () =>
          toast.success(
            t(decision === 'approve' ? 'providers.toast.approved' : 'providers.toast.rejected', {
              name: provider.name,
            }),
          ),
        onError: (error) =>
          isDemoRefusal(error) ||
          toast.error(t('providers.toast.decideError'), {
            description: error instanceof ApiError ? error.message : undefined,
          }),
      },
    );
  return {
    run,
    pendingId: decide.isPending ? decide.variables.id : null,
  };
}

export function useProviderDelete() {
  const { t } = useTranslation();
  const remove = useDeleteProvider();
  const run = (provider: Provider, onDone?: () => void) =>
    remove.mutate(provider.id, {
      onSuccess: () => {
        toast.success(t('providers.toast.deleted'));
        onDone?.();
      },
      onError: (error) => isDemoRefusal(error) || toast.error(t('providers.toast.deleteError')),
    });
  return { run, pending: remove.isPending };
}
