import { useTranslation } from 'react-i18next';
import type { SectionScreenProps } from '../../../lib/feature-module';

export function OrdersSection(_props: SectionScreenProps) {
  const { t } = useTranslation();
  return <h1 className="text-2xl font-bold tracking-tight">{t('orders.title')}</h1>;
}
