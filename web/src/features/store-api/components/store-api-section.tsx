import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FeatureGate } from '../../../lib/feature-access/feature-gate';
import { useSession } from '../../../lib/session/use-session';
import { ApiPlayground } from './api-playground';

/** The feature the playground needs (docs/product/feature-flags-and-access.md#feature-gates). */
export const PLAYGROUND_FEATURE = 'api-playground';

/** The playground's title, intro and gate, shared by the dashboard section and `/api-playground`. */
export function PlaygroundScreen({ headingLevel = 1 }: { headingLevel?: 1 | 2 }) {
  const { t } = useTranslation();
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <div className="flex w-full min-w-0 flex-col gap-6">
      <div className="flex flex-col gap-1">
        <Heading className="text-2xl font-bold tracking-tight">{t('storeApi.title')}</Heading>
        <p className="text-sm text-neutral-600 dark:text-neutral-400">{t('storeApi.playground.intro')}</p>
      </div>
      <FeatureGate feature={PLAYGROUND_FEATURE}>
        <StoresOnly>
          <ApiPlayground />
        </StoresOnly>
      </FeatureGate>
    </div>
  );
}

/** Keys open a store's own data: a consignor has no store API, so says so rather than call it. */
function StoresOnly({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const session = useSession();
  if (session.status === 'signed-in' && session.profile && session.profile.role !== 'store')
    return (
      <p
        role="status"
        data-testid="store-api-stores-only"
        className="text-sm text-neutral-600 dark:text-neutral-400"
      >
        {t('storeApi.storesOnly')}
      </p>
    );
  return <>{children}</>;
}

/** The dashboard's api-playground section. */
export function StoreApiSection() {
  return (
    <div className="flex max-w-6xl flex-col gap-6">
      <PlaygroundScreen />
    </div>
  );
}
