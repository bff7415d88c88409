import { useTranslation } from 'react-i18next';
import { NotAvailable } from '../../../components/not-available';
import { useSession } from '../../../lib/session/use-session';
import { NotificationList } from '../components/notification-list';

export function NotificationsSection() {
  const { t } = useTranslation();
  const session = useSession();
  const title = t('sections.notifications');
  return (
    <div className="flex max-w-3xl flex-col gap-6">
      <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
      {session.status !== 'signed-in' ? <NotAvailable section={title} /> : <NotificationList />}
    </div>
  );
}
