import { useTranslation } from 'react-i18next';
import { NotAvailable } from '../../../components/not-available';
import { CenteredSpinner } from '../../../components/ui/spinner';
import { useSession } from '../../../lib/session/use-session';
import type { SectionScreenProps } from '../../../lib/feature-module';
import { BookingsList } from '../components/bookings-section';
import { ClientDetail } from '../components/client-detail';
import { ClientsList } from '../components/clients-section';

/** The clients and bookings dashboard sections and the client detail page. */
export function CrmSection({ section, detail }: SectionScreenProps) {
  const { t } = useTranslation();
  const session = useSession();
  const title = t(`sections.${section}`);
  if (session.status === 'signed-out') return <NotAvailable section={title} />;
  if (session.status === 'loading' || !session.profile)
    return <CenteredSpinner label={t('common.loading')} />;
  const currency = session.profile.currency;

  if (section === 'clients' && detail?.kind === 'client') {
    return <ClientDetail key={detail.id} clientId={detail.id} currency={currency} />;
  }
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
      {section === 'bookings' ? (
        <BookingsList currency={currency} bookingId={detail?.kind === 'booking' ? detail.id : undefined} />
      ) : (
        <ClientsList />
      )}
    </div>
  );
}
