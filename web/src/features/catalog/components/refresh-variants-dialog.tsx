import { useTranslation } from 'react-i18next';
import { CheckCircle2 } from 'lucide-react';
import { ApiError } from '@sneakers/shared';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import { isDemoRefusal } from '../../../lib/demo/demo-refusal';
import { useRefreshVariants } from '../api/queries';

export interface RefreshVariantsDialogProps {
  productId: string;
  productName: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Why a refresh failed, in the reader's words where the server named the reason. */
function refreshError(error: unknown): string {
  if (isDemoRefusal(error)) return 'catalog.refresh.errors.demo';
  if (error instanceof ApiError) {
    if (error.status === 403) return 'catalog.refresh.errors.forbidden';
    if (error.status === 404) return 'catalog.refresh.errors.notFound';
    if (error.status === 429) return 'catalog.refresh.errors.rateLimited';
    if (error.status === 409 || error.status === 400) return 'catalog.refresh.errors.noMarketplace';
    if (error.status === 0) return 'catalog.refresh.errors.network';
  }
  return 'catalog.refresh.errors.generic';
}

/**
 * The refresh-variants modal (superusers): says what happens, asks, shows progress, then the
 * counts added / updated / removed; the variants table behind it shows the new sizes.
 */
export function RefreshVariantsDialog({
  productId,
  productName,
  open,
  onOpenChange,
}: RefreshVariantsDialogProps) {
  const { t } = useTranslation();
  const refresh = useRefreshVariants(productId);
  const close = (next: boolean) => {
    // The request cannot be called back: the dialog stays until it answers.
    if (!next && refresh.isPending) return;
    onOpenChange(next);
    if (!next) refresh.reset();
  };
  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title={t('catalog.refresh.title')}
      description={t('catalog.refresh.description', { name: productName })}
      closeLabel={t('common.close')}
      testId="refresh-variants-dialog"
    >
      {refresh.isPending ? (
        <div role="status" className="flex items-center gap-3 py-2 text-sm" data-testid="refresh-progress">
          <Spinner className="h-5 w-5 border-2" />
          {t('catalog.refresh.progress')}
        </div>
      ) : refresh.isSuccess ? (
        <div role="status" data-testid="refresh-result" className="flex flex-col gap-3 text-sm">
          <p className="flex items-center gap-2 font-medium text-green-700 dark:text-green-400">
            <CheckCircle2 aria-hidden="true" className="h-5 w-5" />
            {t('catalog.refresh.done')}
          </p>
          <dl className="grid grid-cols-3 gap-2 text-center">
            {(['added', 'updated', 'removed'] as const).map((key) => (
              <div key={key} className="rounded-lg bg-neutral-100 p-2 dark:bg-neutral-800">
                <dt className="text-xs text-neutral-600 dark:text-neutral-400">
                  {t(`catalog.refresh.${key}`)}
                </dt>
                <dd data-testid={`refresh-${key}`} className="text-lg font-semibold">
                  {refresh.data[key]}
                </dd>
              </div>
            ))}
          </dl>
        </div>
      ) : refresh.isError ? (
        <p role="alert" data-testid="refresh-error" className="text-sm text-red-600 dark:text-red-400">
          {t(refreshError(refresh.error))}
        </p>
      ) : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {refresh.isSuccess ? (
          <Button data-testid="refresh-close" onClick={() => close(false)}>
            {t('common.close')}
          </Button>
        ) : (
          <>
            <Button variant="outline" disabled={refresh.isPending} onClick={() => close(false)}>
              {t('common.cancel')}
            </Button>
            <Button
              data-testid="refresh-confirm"
              disabled={refresh.isPending}
              onClick={() => refresh.mutate()}
            >
              {refresh.isError ? t('errors.retry') : t('catalog.refresh.confirm')}
            </Button>
          </>
        )}
      </div>
    </Dialog>
  );
}
