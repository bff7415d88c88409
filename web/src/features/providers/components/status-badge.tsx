import { useTranslation } from 'react-i18next';
import type { ConsignmentStatus, ProviderStatus } from '@sneakers/shared';
import { Badge } from '../../../components/ui/badge';

const CLASSES: Record<ProviderStatus, string> = {
  pending: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
  approved: 'bg-green-100 text-green-800 dark:bg-green-950 dark:text-green-200',
  rejected: 'bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-200',
};

export function ProviderStatusBadge({ status }: { status: ProviderStatus }) {
  const { t } = useTranslation();
  return (
    <Badge data-testid="provider-status" data-status={status} className={CLASSES[status]}>
      {t(`providers.status.${status}`)}
    </Badge>
  );
}

const CONSIGNMENT_CLASSES: Record<ConsignmentStatus, string> = {
  in_stock: 'bg-blue-100 text-blue-800 dark:bg-blue-950 dark:text-blue-200',
  sold: 'bg-green-100 text-green-800 dark:bg-green-950 dark:text-green-200',
  returned: 'bg-neutral-200 text-neutral-700 dark:bg-neutral-800 dark:text-neutral-300',
};

export function ConsignmentStatusBadge({ status }: { status: ConsignmentStatus }) {
  const { t } = useTranslation();
  return (
    <Badge data-testid="consignment-status" data-status={status} className={CONSIGNMENT_CLASSES[status]}>
      {t(`providers.consignments.status.${status}`)}
    </Badge>
  );
}

/** A sold consignment the store has paid the provider for (commerce payments). */
export function ConsignmentPaidBadge({ paidAt }: { paidAt: string | null }) {
  const { t, i18n } = useTranslation();
  const when = paidAt ? new Date(paidAt) : null;
  return (
    <Badge
      data-testid="consignment-paid"
      className="bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200"
      title={
        when && !Number.isNaN(when.getTime())
          ? t('providers.consignments.paidOn', {
              date: when.toLocaleDateString(i18n.language, { dateStyle: 'medium' }),
            })
          : undefined
      }
    >
      {t('providers.consignments.paid')}
    </Badge>
  );
}
