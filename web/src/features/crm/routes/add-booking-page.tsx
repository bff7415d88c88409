import { Navigate, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CenteredSpinner } from '../../../components/ui/spinner';
import { useSession } from '../../../lib/session/use-session';
import { BookingForm } from '../components/booking-form';

/** /add-booking: the booking form on its own page. */
export function AddBookingPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useSession();
  const title = t('screens.addBooking');
  if (session.status === 'loading' || (session.status === 'signed-in' && session.profileStatus === 'loading'))
    return <CenteredSpinner label={t('common.loading')} className="min-h-svh" />;
  if (session.status !== 'signed-in') return <Navigate to="/auth" replace />;
  if (!session.profile) return <Navigate to="/onboarding" replace />;
  const back = '/dashboard/bookings';
  return (
    <main className="mx-auto flex max-w-3xl flex-col gap-6 p-4 sm:p-8">
      <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
      <BookingForm
        currency={session.profile.currency}
        onSaved={(booking) => void navigate(`${back}/${encodeURIComponent(booking.id)}`)}
        onCancel={() => void navigate(back)}
      />
    </main>
  );
}

/** /client/{clientId} → the dashboard's client page. */
export function ClientRedirect() {
  const { clientId = '' } = useParams();
  return <Navigate to={`/dashboard/clients/${encodeURIComponent(clientId)}`} replace />;
}
