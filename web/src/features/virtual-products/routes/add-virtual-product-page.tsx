import { Navigate, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CenteredSpinner } from '../../../components/ui/spinner';
import { useSession } from '../../../lib/session/use-session';
import { VirtualProductForm } from '../components/virtual-product-form';
import { virtualProductHref, VIRTUAL_PRODUCTS_PATH } from '../model/virtual-product-form';

/** /add-virtual-product: a product the store sells without holding stock. */
export function AddVirtualProductPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useSession();
  if (session.status === 'loading' || (session.status === 'signed-in' && session.profileStatus === 'loading'))
    return <CenteredSpinner label={t('common.loading')} className="min-h-svh" />;
  if (session.status !== 'signed-in') return <Navigate to="/auth" replace />;
  if (!session.profile) return <Navigate to="/onboarding" replace />;
  return (
    <main className="mx-auto flex max-w-3xl flex-col gap-6 p-4 sm:p-8">
      <h1 className="text-2xl font-bold tracking-tight">{t('screens.addVirtualProduct')}</h1>
      <VirtualProductForm
        currency={session.profile.currency}
        onSaved={(product) => void navigate(virtualProductHref(product.id))}
        onCancel={() => void navigate(VIRTUAL_PRODUCTS_PATH)}
      />
    </main>
  );
}
