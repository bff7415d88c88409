import { useTranslation } from 'react-i18next';
import { NotAvailable } from '../../../components/not-available';
import { useSession } from '../../../lib/session/use-session';
import { useDemoMode } from '../../../lib/demo/demo-mode';
import { useBillingSummary } from '../api/queries';

/** The billing section (being built: issue 26). */
export function BillingSection() {
  const { t } = useTranslation();
  const session = useSession();
  const isDemo = useDemoMode();
  const title = t('billing.title');
  return (
    <div className="flex max-w-3xl flex-col gap-6">
      <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
      {isDemo || session.status !== 'signed-in' ? <NotAvailable section={title} /> : <Summary />}
    </div>
  );
}

function Summary() {
  const query = useBillingSummary();
  return <p>{query.data?.billing.status}</p>;
}
