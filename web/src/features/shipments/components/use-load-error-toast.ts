import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';

/**
 * The 'Failed to load shipments' toast, titled Error (docs/product/commerce.md#shipment-toasts), once per failure:
 * `errorUpdatedAt` changes with each failed attempt, so a retry that fails again says so again.
 */
export function useLoadErrorToast(query: { isError: boolean; errorUpdatedAt: number }) {
  const { t } = useTranslation();
  const { isError, errorUpdatedAt } = query;
  useEffect(() => {
    if (isError)
      toast.error(t('shipments.toast.errorTitle'), {
        id: 'shipments-load-error',
        description: t('shipments.toast.loadError'),
      });
  }, [isError, errorUpdatedAt, t]);
}
