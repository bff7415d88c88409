import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { cancelAccountClosure, getAccountClosure } from '@sneakers/shared/contracts/profiles';
import { Button } from '../../../components/ui/button';
import { useApi } from '../../../lib/api';

export const closureKey = ['account.closure'] as const;

/**
 * A pending account closure, above every section (docs/product/accounts.md#closing-the-account):
 * the user signed in within the grace period, so they are told the date of deletion and can
 * keep the account.
 */
export function ClosureBanner() {
  const { t, i18n } = useTranslation();
  const api = useApi();
  const queryClient = useQueryClient();
  const closure = useQuery({
    queryKey: closureKey,
    queryFn: async ({ signal }) => (await api(getAccountClosure, { signal })).closure,
  });
  const keep = useMutation({
    mutationFn: () => api(cancelAccountClosure, {}),
    onSuccess: () => {
      queryClient.setQueryData(closureKey, null);
      toast.success(t('closureBanner.kept'));
    },
    onError: () => toast.error(t('closureBanner.failed')),
  });
  if (!closure.data) return null;
  const date = new Intl.DateTimeFormat(i18n.resolvedLanguage ?? 'en', { dateStyle: 'long' }).format(
    new Date(closure.data.deleteAfter),
  );
  return (
    <div
      role="alert"
      data-testid="closure-banner"
      className="mb-4 flex flex-col gap-3 rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-950 sm:flex-row sm:items-center dark:border-red-800 dark:bg-red-950 dark:text-red-100"
    >
      <p className="flex-1 font-medium">{t('closureBanner.text', { date })}</p>
      <Button size="sm" data-testid="closure-keep" disabled={keep.isPending} onClick={() => keep.mutate()}>
        {t('closureBanner.keep')}
      </Button>
    </div>
  );
}
