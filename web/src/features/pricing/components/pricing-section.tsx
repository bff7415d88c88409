import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { NotAvailable } from '../../../components/not-available';
import { PagedList } from '../../../components/paged-list';
import { pageItems } from '../../../lib/page-items';
import { useSession } from '../../../lib/session/use-session';
import { useDemoMode } from '../../../lib/demo/demo-mode';
import { useThings } from '../api/queries';

/** The pricing section: the caller's things, newest first, page by page. */
export function PricingSection() {
  const { t } = useTranslation();
  const session = useSession();
  const isDemo = useDemoMode();
  const title = t('pricing.title');
  return (
    <div className="flex max-w-3xl flex-col gap-6">
      <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
      {/* Demo mode has no token: these are the user's private records. */}
      {isDemo || session.status !== 'signed-in' ? (
        <NotAvailable section={title} />
      ) : (
        <ThingsList label={title} />
      )}
    </div>
  );
}

function ThingsList({ label }: { label: string }) {
  const { t, i18n } = useTranslation();
  const query = useThings();
  const things = useMemo(() => pageItems(query.data, (page) => page.things), [query.data]);
  return (
    <PagedList
      query={query}
      items={things}
      getKey={(thing) => thing.id}
      label={label}
      testId="pricing-things"
      rowTestId="pricing-thing-row"
      errorText={t('pricing.loadError')}
      empty={t('pricing.empty')}
      renderItem={(thing) => (
        <div className="flex flex-col gap-1 text-sm">
          <span className="font-semibold">{thing.name}</span>
          <span className="text-xs text-neutral-500">
            {t('pricing.createdAt', { date: new Date(thing.createdAt).toLocaleDateString(i18n.language) })}
          </span>
        </div>
      )}
    />
  );
}
