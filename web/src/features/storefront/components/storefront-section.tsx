import { useTranslation } from 'react-i18next';
import { NotAvailable } from '../../../components/not-available';

/** The online-store section (being built: issue 28). */
export function StorefrontSection() {
  const { t } = useTranslation();
  return <NotAvailable section={t('storefront.title')} />;
}
