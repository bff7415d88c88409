import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ApiError, formatMoney } from '@sneakers/shared';
import { remainingAmount, showsPrepaid } from '@sneakers/shared/rules/booking-money';
import { PageScreen } from '../../../components/page-screen';
import { Badge } from '../../../components/ui/badge';
import { CenteredSpinner } from '../../../components/ui/spinner';
import { useSharedBooking } from '../api/queries';
import { formatDate, PLACEHOLDER_IMAGE } from '../model/bookings';
import { StatusBadge } from '../components/status-badge';

/** /booking/{shareId}: the client's read-only view of a booking (public). */
export function SharedBookingPage() {
  const { bookingId = '' } = useParams();
  return (
    <PageScreen>
      <SharedBooking shareId={bookingId} />
    </PageScreen>
  );
}

function SharedBooking({ shareId }: { shareId: string }) {
  const { t, i18n } = useTranslation();
  const query = useSharedBooking(shareId);
  if (query.isPending) return <CenteredSpinner label={t('common.loading')} />;
  if (query.isError) {
    const notFound =
      !(query.error instanceof ApiError) || query.error.status === 404 || query.error.status === 400;
    return (
      <section
        role="alert"
        data-testid={notFound ? 'shared-booking-not-found' : 'shared-booking-error'}
        className="mx-auto my-12 flex max-w-md flex-col gap-2 rounded-xl border border-dashed border-neutral-300 p-8 text-center dark:border-neutral-700"
      >
        <h1 className="text-lg font-semibold">
          {t(notFound ? 'sharedBooking.notFoundTitle' : 'sharedBooking.loadError')}
        </h1>
        {notFound && <p className="text-sm text-neutral-500">{t('sharedBooking.notFoundBody')}</p>}
      </section>
    );
  }
  const b = query.data;
  const money = (amount: number) => formatMoney({ amount, currency: b.currency }, i18n.language);
  return (
    <article data-testid="shared-booking" className="mx-auto flex w-full max-w-2xl flex-col gap-6 p-4 sm:p-8">
      <header className="flex flex-col gap-1">
        <p className="text-sm text-neutral-500">{t('sharedBooking.bookingFor', { name: b.clientName })}</p>
        <h1 className="text-2xl font-bold tracking-tight" data-testid="shared-booking-store">
          {b.store.businessName}
        </h1>
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
      </header>
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
                <dd className="text-right font-semibold tabular-nums" data-testid="shared-booking-remaining">
                  {money(remainingAmount(b))}
                </dd>
              </>
            )}
            <dt>{t('bookings.createdAt')}</dt>
            <dd className="text-right">{formatDate(b.createdAt, i18n.language)}</dd>
          </dl>
        </div>
      </section>
    </article>
  );
}
