import { useTranslation } from 'react-i18next';
import type { BookingStatus } from '@sneakers/shared';
import { Badge } from '../../../components/ui/badge';
import { STATUS_CLASSES } from '../model/bookings';

export function StatusBadge({ status }: { status: BookingStatus }) {
  const { t } = useTranslation();
  return (
    <Badge data-testid="booking-status-badge" data-status={status} className={STATUS_CLASSES[status]}>
      {t(`bookings.status.${status}`)}
    </Badge>
  );
}
