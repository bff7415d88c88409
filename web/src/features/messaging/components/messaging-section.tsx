import { useTranslation } from 'react-i18next';

/** The messages section (built in the messaging issue). */
export function MessagingSection() {
  const { t } = useTranslation();
  return <h1 className="text-2xl font-bold tracking-tight">{t('messaging.title')}</h1>;
}
