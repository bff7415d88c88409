import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AtSign, Mail, Pencil, Phone, Plus } from 'lucide-react';
import { ApiError, type Currency } from '@sneakers/shared';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { CenteredSpinner } from '../../../components/ui/spinner';
import { useClient } from '../api/queries';
import { formatDate } from '../model/bookings';
import { BookingCard } from './booking-card';
import { BookingDetailsDialog } from './booking-details';
import { BookingForm } from './booking-form';
import { ClientFormDialog } from './client-form';
import { Avatar } from './clients-section';

/** /dashboard/clients/{clientId} (docs/product/clients-and-bookings.md#client-detail). */
export function ClientDetail({ clientId, currency }: { clientId: string; currency: Currency }) {
  const { t, i18n } = useTranslation();
  const query = useClient(clientId);
  const [booking, setBooking] = useState(false);
  const [editing, setEditing] = useState(false);
  const [openId, setOpenId] = useState<string | null>(null);

  if (query.isPending) return <CenteredSpinner label={t('common.loading')} />;
  if (query.isError) {
    const notFound = query.error instanceof ApiError && query.error.status === 404;
    return (
      <div
        role="alert"
        data-testid={notFound ? 'client-not-found' : 'client-error'}
        className="mx-auto flex max-w-md flex-col items-center gap-3 rounded-xl border border-dashed border-neutral-300 p-8 text-center dark:border-neutral-700"
      >
        <h1 className="text-lg font-semibold">
          {t(notFound ? 'clients.notFound' : 'clients.toast.loadError')}
        </h1>
        {!notFound && (
          <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
            {t('errors.retry')}
          </Button>
        )}
        <Button asChild variant="outline">
          <Link to="/dashboard" data-testid="client-back">
            {t('clients.backToDashboard')}
          </Link>
        </Button>
      </div>
    );
  }

  const { client, bookings } = query.data;
  const opened = bookings.find((b) => b.id === openId) ?? null;

  return (
    <div className="flex flex-col gap-6" data-testid="client-detail">
      <header className="flex flex-col gap-4 rounded-2xl border border-neutral-200 bg-white p-4 sm:flex-row sm:items-center sm:p-6 dark:border-neutral-800 dark:bg-neutral-900">
        <Avatar name={client.name} large />
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <h1 className="truncate text-2xl font-bold tracking-tight" data-testid="client-name">
            {client.name}
          </h1>
          <p className="text-sm text-neutral-500" data-testid="client-since">
            {t('clients.since', { date: formatDate(client.createdAt, i18n.language) })}
          </p>
          <ul className="mt-2 flex flex-col gap-1 text-sm sm:flex-row sm:flex-wrap sm:gap-4">
            <li className="inline-flex min-w-0 items-center gap-1.5">
              <Phone aria-hidden="true" className="h-4 w-4 text-neutral-400" />
              <span className="sr-only">{t('clients.form.phone')}: </span>
              <a href={`tel:${client.phone}`} className="min-w-0 break-words hover:underline">
                {client.phone}
              </a>
            </li>
            <li className="inline-flex min-w-0 items-center gap-1.5">
              <Mail aria-hidden="true" className="h-4 w-4 text-neutral-400" />
              <span className="sr-only">{t('clients.form.email')}: </span>
              <a href={`mailto:${client.email}`} className="min-w-0 break-all hover:underline">
                {client.email}
              </a>
            </li>
            {client.instagramHandle && (
              <li className="inline-flex min-w-0 items-center gap-1.5">
                <AtSign aria-hidden="true" className="h-4 w-4 text-neutral-400" />
                <span className="sr-only">{t('clients.form.instagram')}: </span>
                <a
                  href={`https://instagram.com/${encodeURIComponent(client.instagramHandle)}`}
                  target="_blank"
                  rel="noreferrer"
                  className="min-w-0 break-all hover:underline"
                >
                  @{client.instagramHandle}
                </a>
              </li>
            )}
          </ul>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" data-testid="client-detail-edit" onClick={() => setEditing(true)}>
            <Pencil aria-hidden="true" className="h-4 w-4" />
            {t('clients.edit')}
          </Button>
          <Button data-testid="client-new-booking" onClick={() => setBooking(true)}>
            <Plus aria-hidden="true" className="h-4 w-4" />
            {t('bookings.new')}
          </Button>
        </div>
      </header>
      <section aria-labelledby="client-bookings-title" className="flex flex-col gap-3">
        <h2 id="client-bookings-title" className="text-lg font-semibold">
          {t('clients.bookingsTitle')}{' '}
          <span data-testid="client-bookings-count" className="text-neutral-500">
            ({bookings.length})
          </span>
        </h2>
        {bookings.length === 0 ? (
          <div
            data-testid="client-bookings-empty"
            className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-neutral-300 p-8 text-center text-sm text-neutral-500 dark:border-neutral-700"
          >
            {t('clients.noBookings')}
            <Button size="sm" onClick={() => setBooking(true)}>
              {t('clients.createFirstBooking')}
            </Button>
          </div>
        ) : (
          <ul className="grid grid-cols-1 gap-2 md:grid-cols-2">
            {bookings.map((b) => (
              <li key={b.id}>
                <BookingCard booking={b} onOpen={() => setOpenId(b.id)} />
              </li>
            ))}
          </ul>
        )}
      </section>
      <Dialog
        open={booking}
        onOpenChange={setBooking}
        title={t('bookings.newTitle')}
        closeLabel={t('common.close')}
        className="max-w-2xl"
        testId="booking-form-dialog"
      >
        <BookingForm
          currency={currency}
          lockedClient={client}
          onSaved={() => setBooking(false)}
          onCancel={() => setBooking(false)}
        />
      </Dialog>
      <ClientFormDialog key={client.updatedAt} open={editing} onOpenChange={setEditing} client={client} />
      <BookingDetailsDialog
        booking={opened}
        open={openId !== null}
        onOpenChange={(open) => !open && setOpenId(null)}
        onDeleted={() => setOpenId(null)}
      />
    </div>
  );
}
