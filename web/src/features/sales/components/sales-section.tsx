import { useTranslation } from 'react-i18next';
import type { SectionScreenProps } from '../../../lib/feature-module';

export function SalesSection(_props: SectionScreenProps) {
  const { t } = useTranslation();
  return <h1 className="text-2xl font-bold tracking-tight">{t('sales.title')}</h1>;
}
