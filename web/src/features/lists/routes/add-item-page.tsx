import { Navigate, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CenteredSpinner } from '../../../components/ui/spinner';
import { useSession } from '../../../lib/session/use-session';
import { ItemForm } from '../components/item-form';
import type { DashboardListType } from '../components/list-section';
import { ITEM_LIST_PATHS } from '../model/items';

const SCREEN: Record<DashboardListType, string> = {
  inventory: 'addInventory',
  wtb: 'addWtb',
  wts: 'addWts',
  wtc: 'addWtc',
};

/** /add-inventory, /add-wtb, /add-wtc: the item form on its own page. */
export function AddItemPage({ listType }: { listType: DashboardListType }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useSession();
  const title = t(`screens.${SCREEN[listType]}`);
  if (session.status === 'loading' || (session.status === 'signed-in' && session.profileStatus === 'loading'))
    return <CenteredSpinner label={t('common.loading')} className="min-h-svh" />;
  if (session.status !== 'signed-in') return <Navigate to="/auth" replace />;
  if (!session.profile) return <Navigate to="/onboarding" replace />;
  const back = `/dashboard/${ITEM_LIST_PATHS[listType].section}`;
  return (
    <main className="mx-auto flex max-w-3xl flex-col gap-6 p-4 sm:p-8">
      <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
      <ItemForm
        listType={listType}
        currency={session.profile.currency}
        onSaved={() => void navigate(back)}
        onCancel={() => void navigate(back)}
      />
    </main>
  );
}
