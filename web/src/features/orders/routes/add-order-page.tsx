import { Navigate, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CenteredSpinner } from '../../../components/ui/spinner';
import { useSession } from '../../../lib/session/use-session';
import { OrderForm } from '../components/order-form';
import { orderHref, ORDERS_PATH } from '../components/orders-list';

/** /add-order: a sale order for one of the store's clients. */
export function AddOrderPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useSession();
  if (session.status === 'loading' || (session.status === 'signed-in' && session.profileStatus === 'loading'))
    return <CenteredSpinner label={t('common.loading')} className="min-h-svh" />;
  if (session.status !== 'signed-in') return <Navigate to="/auth" replace />;
  if (!session.profile) return <Navigate to="/onboarding" replace />;
  return (
    <main className="mx-auto flex max-w-3xl flex-col gap-6 p-4 sm:p-8">
      <h1 className="text-2xl font-bold tracking-tight">{t('screens.addOrder')}</h1>
      <OrderForm
        currency={session.profile.currency}
        onSaved={(order) => void navigate(orderHref(order.id))}
        onCancel={() => void navigate(ORDERS_PATH)}
      />
    </main>
  );
}
