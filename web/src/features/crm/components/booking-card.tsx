import { useTranslation } from 'react-i18next';
import { formatMoney, type Booking } from '@sneakers/shared';
import { Badge } from '../../../components/ui/badge';
import { PLACEHOLDER_IMAGE } from '../model/bookings';
import { StatusBadge } from './status-badge';

/** A booking as a card (image, SKU, status, name, colorway, size, prepaid and sale). */
export function BookingCard({
  booking,
  onOpen,
  showClient = false,
}: {
  booking: Booking;
  onOpen: (booking: Booking) => void;
  showClient?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const money = (amount: number) => formatMoney({ amount, currency: booking.currency }, i18n.language);
  return (
    <button
      type="button"
      data-testid="booking-card"
      onClick={() => onOpen(booking)}
      className="flex w-full items-start gap-3 rounded-xl border border-neutral-200 bg-white p-3 text-left transition-colors hover:bg-neutral-50 focus-visible:outline-2 focus-visible:outline-orange-500 dark:border-neutral-800 dark:bg-neutral-900 dark:hover:bg-neutral-800"
    >
      <img
        src={booking.itemImageUrl ?? PLACEHOLDER_IMAGE}
        alt=""
        loading="lazy"
        onError={(e) => {
          e.currentTarget.src = PLACEHOLDER_IMAGE;
        }}
        className="h-16 w-16 shrink-0 rounded-lg bg-neutral-100 object-cover"
      />
      <span className="flex min-w-0 flex-1 flex-col gap-1">
        <span className="flex flex-wrap gap-1">
          <Badge data-testid="booking-sku">{booking.itemSku}</Badge>
          <StatusBadge status={booking.status} />
        </span>
        <span className="truncate font-semibold">{booking.itemName}</span>
        {booking.itemColorway && (
          <span className="truncate text-xs text-neutral-500">{booking.itemColorway}</span>
        )}
        <span className="text-xs text-neutral-600 dark:text-neutral-400">
          {t('bookings.sizeLabel', { size: booking.size })}
          {showClient && ` · ${booking.client.name}`}
        </span>
      </span>
      <span className="flex shrink-0 flex-col items-end gap-1 text-xs tabular-nums">
        <span>
          {t('bookings.prepaid')}: {money(booking.prepaidAmount)}
        </span>
        <span className="text-sm font-semibold">
          {t('bookings.sale')}: {money(booking.salePrice)}
        </span>
      </span>
    </button>
  );
}
