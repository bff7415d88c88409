import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@sneakers/shared';
import { remainingAmount, showsPrepaid } from '@sneakers/shared/rules/booking-money';
import { Badge } from '../../../components/ui/badge';
import { SharedPage } from '../../../components/shared-page';
import { useSharedBooking } from '../api/queries';
import { formatDate, PLACEHOLDER_IMAGE } from '../model/bookings';
import { StatusBadge } from '../components/status-badge';

/** /booking/{shareId}: the client's read-only view of a booking (public). */
export function SharedBookingPage() {
  const { bookingId = '' } = useParams();
  const { t, i18n } = useTranslation();
  const query = useSharedBooking(bookingId);
  return (
    <SharedPage
      query={query}
      testId="shared-booking"
      texts={{
        notFoundTitle: t('sharedBooking.notFoundTitle'),
        notFoundBody: t('sharedBooking.notFoundBody'),
        loadError: t('sharedBooking.loadError'),
      }}
      view={(b) => {
        const money = (amount: number) => formatMoney({ amount, currency: b.currency }, i18n.language);
        return {
          kicker: t('sharedBooking.bookingFor', { name: b.clientName }),
          storeName: b.store.businessName,
          details: (
            <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-neutral-600 dark:text-neutral-400">
              <li>
                <a href={`mailto:${b.store.contactEmail}`} className="hover:underline">
                  {b.store.contactEmail}
                </a>
              </li>
              {b.store.phone && (
                <li>
                  <a href={`tel:${b.store.phone}`} className="hover:underline">
                    {b.store.phone}
                  </a>
                </li>
              )}
              {b.store.instagramHandle && <li>@{b.store.instagramHandle.replace(/^@/, '')}</li>}
              {b.store.location && <li>{b.store.location}</li>}
            </ul>
          ),
          body: (
            <section
              aria-label={t('sharedBooking.product')}
              className="flex flex-col gap-4 rounded-2xl border border-neutral-200 bg-white p-4 sm:flex-row sm:p-6 dark:border-neutral-800 dark:bg-neutral-900"
            >
              <img
                src={b.itemImageUrl ?? PLACEHOLDER_IMAGE}
                alt={b.itemName}
                onError={(e) => {
                  e.currentTarget.src = PLACEHOLDER_IMAGE;
                }}
                className="h-40 w-full rounded-lg bg-neutral-100 object-contain sm:w-40"
              />
              <div className="flex min-w-0 flex-1 flex-col gap-2">
                <div className="flex flex-wrap gap-1">
                  <Badge>{b.itemSku}</Badge>
                  <StatusBadge status={b.status} />
                </div>
                <h2 className="text-xl font-semibold" data-testid="shared-booking-name">
                  {b.itemName}
                </h2>
                {(b.itemBrand || b.itemColorway) && (
                  <p className="text-sm text-neutral-500">
                    {[b.itemBrand, b.itemColorway].filter(Boolean).join(' · ')}
                  </p>
                )}
                <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
                  <dt>{t('bookings.form.size')}</dt>
                  <dd className="text-right">{b.size}</dd>
                  <dt>{t('bookings.salePrice')}</dt>
                  <dd className="text-right tabular-nums" data-testid="shared-booking-sale">
                    {money(b.salePrice)}
                  </dd>
                  {showsPrepaid(b) && (
                    <>
                      <dt>{t('bookings.prepaid')}</dt>
                      <dd className="text-right tabular-nums" data-testid="shared-booking-prepaid">
                        {money(b.prepaidAmount)}
                      </dd>
                      <dt className="font-semibold">{t('bookings.remaining')}</dt>
                      <dd
                        className="text-right font-semibold tabular-nums"
                        data-testid="shared-booking-remaining"
                      >
                        {money(remainingAmount(b))}
                      </dd>
                    </>
                  )}
                  <dt>{t('bookings.createdAt')}</dt>
                  <dd className="text-right">{formatDate(b.createdAt, i18n.language)}</dd>
                </dl>
              </div>
            </section>
          ),
        };
      }}
    />
  );
}
