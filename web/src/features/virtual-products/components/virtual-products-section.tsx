import { useTranslation } from 'react-i18next';
import { DEFAULT_CURRENCY } from '@sneakers/shared';
import { NotAvailable } from '../../../components/not-available';
import type { SectionScreenProps } from '../../../lib/feature-module';
import { useSession } from '../../../lib/session/use-session';
import { VirtualProductDetail } from './virtual-product-detail';
import { VirtualProductsList } from './virtual-products-list';

/** The Virtual products section and the product page (/dashboard/virtual-product/{id}). */
export function VirtualProductsSection({ section, detail }: SectionScreenProps) {
  const { t } = useTranslation();
  const session = useSession();
  const title = detail ? t(`details.${detail.kind}`) : t(`sections.${section}`);
  if (session.status !== 'signed-in') {
    return (
      <div className="flex flex-col gap-6">
        <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
        <NotAvailable section={title} />
      </div>
    );
  }
  if (detail?.kind === 'virtualProduct')
    return (
      <VirtualProductDetail
        key={detail.id}
        id={detail.id}
        currency={session.profile?.currency ?? DEFAULT_CURRENCY}
      />
    );
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold tracking-tight">{t('virtualProducts.title')}</h1>
        <p className="text-sm text-neutral-600 dark:text-neutral-400">{t('virtualProducts.intro')}</p>
      </div>
      <VirtualProductsList />
    </div>
  );
}
