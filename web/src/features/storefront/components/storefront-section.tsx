import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { CenteredSpinner } from '../../../components/ui/spinner';
import { useSession } from '../../../lib/session/use-session';
import { useStorefrontSetup } from '../api/queries';
import { PriceTable } from './price-table';
import { SetupForm } from './setup-form';
import { StorefrontLinks } from './storefront-links';

/**
 * The online-store section (docs/product/online-store.md#the-online-store-section): the
 * storefront's set-up, its link with a QR code and a preview, and the price table (#prices).
 */
export function StorefrontSection() {
  const { t } = useTranslation();
  const session = useSession();
  // A consignor has no online store: said here rather than asked of the API (403 STORE_ONLY).
  if (session.status === 'signed-in' && session.profile && session.profile.role !== 'store')
    return (
      <div className="flex flex-col gap-2" data-testid="storefront-section">
        <h1 className="text-2xl font-bold tracking-tight">{t('storefront.title')}</h1>
        <p
          role="status"
          data-testid="storefront-stores-only"
          className="text-sm text-neutral-600 dark:text-neutral-400"
        >
          {t('storefront.storesOnly')}
        </p>
      </div>
    );
  return <StoreSetup />;
}

function StoreSetup() {
  const { t } = useTranslation();
  const setup = useStorefrontSetup();
  return (
    <div className="flex flex-col gap-6" data-testid="storefront-section">
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold tracking-tight">{t('storefront.title')}</h1>
        <p className="text-sm text-neutral-600 dark:text-neutral-400">{t('storefront.intro')}</p>
      </div>
      {setup.isPending ? (
        <CenteredSpinner label={t('storefront.loading')} className="min-h-48" />
      ) : setup.isError ? (
        <div
          role="alert"
          data-testid="storefront-error"
          className="flex flex-wrap items-center gap-3 text-sm"
        >
          <span className="text-red-700 dark:text-red-400">{t('storefront.loadError')}</span>
          <Button variant="outline" size="sm" onClick={() => void setup.refetch()}>
            {t('errors.retry')}
          </Button>
        </div>
      ) : (
        <>
          <StorefrontLinks path={setup.data.path} enabled={setup.data.setup.enabled} />
          <SetupForm
            key={setup.data.setup.updatedAt ?? 'new'}
            setup={setup.data.setup}
            profile={setup.data.profile}
          />
          <PriceTable />
        </>
      )}
    </div>
  );
}
