import { useTranslation } from 'react-i18next';
import type { ProviderStatus } from '@sneakers/shared';
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
