import { useTranslation } from 'react-i18next';
import { NotAvailable } from '../../../components/not-available';

/** The API playground (being built: issue 27). */
export function StoreApiSection() {
  const { t } = useTranslation();
  const title = t('storeApi.title');
  return (
    <div className="flex max-w-3xl flex-col gap-6">
      <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
      <NotAvailable section={title} />
    </div>
  );
}
