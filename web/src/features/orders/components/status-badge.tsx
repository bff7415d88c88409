import { useTranslation } from 'react-i18next';
import type { OrderStatus } from '@sneakers/shared';
import { Badge } from '../../../components/ui/badge';

const STATUS_CLASSES: Record<OrderStatus, string> = {
  pending: 'bg-orange-100 text-orange-800 dark:bg-orange-950 dark:text-orange-200',
  paid: 'bg-blue-100 text-blue-800 dark:bg-blue-950 dark:text-blue-200',
  shipped: 'bg-purple-100 text-purple-800 dark:bg-purple-950 dark:text-purple-200',
  delivered: 'bg-green-100 text-green-800 dark:bg-green-950 dark:text-green-200',
  cancelled: 'bg-neutral-200 text-neutral-700 dark:bg-neutral-800 dark:text-neutral-300',
};

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  const { t } = useTranslation();
  return (
    <Badge data-testid="order-status" data-status={status} className={STATUS_CLASSES[status]}>
      {t(`orders.status.${status}`)}
    </Badge>
  );
}
