import { useTranslation } from 'react-i18next';
import { BackHomeButton } from '../../components/back-home-button';
import { NotAvailable } from '../../components/not-available';
import { PageScreen } from '../../components/page-screen';

/** A public screen whose issue has not landed: the honest panel, never fake data. */
export function PlaceholderScreen({ screen }: { screen: string }) {
  const { t } = useTranslation();
  return (
    <PageScreen>
      <NotAvailable section={t(`screens.${screen}`)} level={1}>
        <BackHomeButton />
      </NotAvailable>
    </PageScreen>
  );
}

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <PageScreen>
      <section
        data-testid="not-found"
        aria-labelledby="not-found-title"
        className="flex max-w-md flex-col items-center gap-3 text-center"
      >
        <p className="text-5xl font-extrabold text-orange-600 dark:text-orange-400">404</p>
        <h1 id="not-found-title" className="text-xl font-semibold">
          {t('notFound.title')}
        </h1>
        <p className="text-neutral-600 dark:text-neutral-400">{t('notFound.body')}</p>
        <BackHomeButton />
      </section>
    </PageScreen>
  );
}
