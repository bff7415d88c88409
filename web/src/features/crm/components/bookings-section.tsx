import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Plus } from 'lucide-react';
import { BOOKING_STATUSES, type BookingStatus, type Currency } from '@sneakers/shared';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { PagedList } from '../../../components/paged-list';
import { pageItems } from '../../../lib/page-items';
import { useBooking, useBookings } from '../api/queries';
import { BookingCard } from './booking-card';
import { BookingDetailsDialog } from './booking-details';
import { BookingForm } from './booking-form';

type Filter = BookingStatus | 'all';

/** /dashboard/bookings and /dashboard/bookings/{bookingId} (the details dialog open). */
export function BookingsList({ currency, bookingId }: { currency: Currency; bookingId?: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [status, setStatus] = useState<Filter>('all');
  const [creating, setCreating] = useState(false);
  const query = useBookings(status);
  const detail = useBooking(bookingId);
  const bookings = useMemo(() => pageItems(query.data, (p) => p.bookings), [query.data]);
  const opened = detail.data ?? bookings.find((b) => b.id === bookingId) ?? null;
  const close = () => void navigate('/dashboard/bookings');

  return (
    <div className="flex flex-col gap-4">
      <PagedList
        query={query}
        items={bookings}
        getKey={(b) => b.id}
        label={t('sections.bookings')}
        testId="bookings"
        errorText={t('bookings.toast.loadError')}
        toolbar={
          <>
            <div role="group" aria-label={t('bookings.filterLabel')} className="flex flex-wrap gap-1">
              {(['all', ...BOOKING_STATUSES] as const).map((s) => (
                <Button
                  key={s}
                  size="sm"
                  variant={status === s ? 'default' : 'outline'}
                  aria-pressed={status === s}
                  data-testid={`bookings-filter-${s}`}
                  onClick={() => setStatus(s)}
                >
                  {s === 'all' ? t('bookings.all') : t(`bookings.status.${s}`)}
                </Button>
              ))}
            </div>
            <Button data-testid="bookings-new" onClick={() => setCreating(true)} className="ml-auto">
              <Plus aria-hidden="true" className="h-4 w-4" />
              {t('bookings.new')}
            </Button>
          </>
        }
        empty={
          <>
            {status === 'all' ? t('bookings.empty') : t('bookings.emptyStatus')}
            <Button size="sm" onClick={() => setCreating(true)}>
              {t('bookings.new')}
            </Button>
          </>
        }
        listClassName="grid grid-cols-1 gap-2 md:grid-cols-2"
        rowClassName=""
        renderItem={(b) => (
          <BookingCard
            booking={b}
            showClient
            onOpen={() => void navigate(`/dashboard/bookings/${encodeURIComponent(b.id)}`)}
          />
        )}
      />
      <Dialog
        open={creating}
        onOpenChange={setCreating}
        title={t('bookings.newTitle')}
        closeLabel={t('common.close')}
        className="max-w-2xl"
        testId="booking-form-dialog"
      >
        <BookingForm
          currency={currency}
          onSaved={() => setCreating(false)}
          onCancel={() => setCreating(false)}
        />
      </Dialog>
      {bookingId && detail.isError && !opened ? (
        <Dialog
          open
          onOpenChange={(open) => !open && close()}
          title={t('bookings.detailsTitle')}
          closeLabel={t('common.close')}
          testId="booking-not-found"
        >
          <p role="alert" className="text-sm">
            {t('bookings.notFound')}
          </p>
        </Dialog>
      ) : (
        <BookingDetailsDialog
          booking={opened}
          open={Boolean(bookingId)}
          onOpenChange={(open) => !open && close()}
          onDeleted={close}
        />
      )}
    </div>
  );
}
