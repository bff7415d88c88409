import { useTranslation } from 'react-i18next';
import { NotAvailable } from '../../../components/not-available';
import type { SectionScreenProps } from '../../../lib/feature-module';
import { useSession } from '../../../lib/session/use-session';
import { OrderDetail } from './order-detail';
import { OrdersList } from './orders-list';

/** The Orders section and the order page (/dashboard/order/{id}). */
export function OrdersSection({ section, detail }: SectionScreenProps) {
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
  if (detail?.kind === 'order') return <OrderDetail key={detail.id} id={detail.id} />;
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold tracking-tight">{t('orders.title')}</h1>
        <p className="text-sm text-neutral-600 dark:text-neutral-400">{t('orders.intro')}</p>
      </div>
      <OrdersList />
    </div>
  );
}
