import { useTranslation } from 'react-i18next';
import type { SectionScreenProps } from '../../../lib/feature-module';

export function OverviewSection({ businessName }: SectionScreenProps) {
  const { t } = useTranslation();
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-4">
      {/* A business name is one long word at times: it wraps rather than widen the page. */}
      <h1 className="text-2xl font-bold tracking-tight wrap-anywhere">
        {t('overview.welcome', { name: businessName })}
      </h1>
      <p className="text-neutral-600 dark:text-neutral-300">{t('overview.intro')}</p>
      <p
        data-testid="overview-note"
        className="rounded-lg border border-dashed border-neutral-300 bg-white p-4 text-sm text-neutral-600 dark:border-neutral-700 dark:bg-neutral-900 dark:text-neutral-400"
      >
        {t('notAvailable.body')}
      </p>
    </div>
  );
}
