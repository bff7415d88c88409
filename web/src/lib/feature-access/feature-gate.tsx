import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Lock } from 'lucide-react';
import { CenteredSpinner } from '../../components/ui/spinner';
import { useFeatures } from './use-features';

/** The 'Feature Not Available' panel (docs/product/feature-flags-and-access.md#feature-gates; its strings are the app shell's, loaded with every app screen). */
export function FeatureNotAvailable() {
  const { t } = useTranslation();
  return (
    <div role="status" className="mx-auto flex max-w-md flex-col items-center gap-3 p-8 text-center">
      <Lock aria-hidden className="size-8 text-neutral-500" />
      <h2 className="text-lg font-semibold">{t('featureGate.title')}</h2>
      <p className="text-sm text-neutral-600 dark:text-neutral-400">{t('featureGate.description')}</p>
    </div>
  );
}

export interface FeatureGateProps {
  feature: string;
  children: ReactNode;
  /** Shown without access; 'Feature Not Available' when absent. */
  fallback?: ReactNode;
}

/** Shows `children` only to users the feature decision allows (docs/product/feature-flags-and-access.md#feature-gates). */
export function FeatureGate({ feature, children, fallback }: FeatureGateProps) {
  const { t } = useTranslation();
  const features = useFeatures();
  if (features.status === 'loading') return <CenteredSpinner label={t('common.loading')} />;
  if (!features.has(feature)) return <>{fallback ?? <FeatureNotAvailable />}</>;
  return <>{children}</>;
}
