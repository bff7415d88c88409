import { useId, useState } from 'react';
import { MessageSquare } from 'lucide-react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { useTranslation } from 'react-i18next';
import type { Rating, TradingPartner } from '@sneakers/shared';
import { NotAvailable } from '../../../components/not-available';
import { PagedList } from '../../../components/paged-list';
import { Button } from '../../../components/ui/button';
import { CenteredSpinner } from '../../../components/ui/spinner';
import { TabList, TabPanel } from '../../../components/ui/tabs';
import { pageItems } from '../../../lib/page-items';
import { useSession } from '../../../lib/session/use-session';
import { isDemoRefusal } from '../../../lib/demo/demo-refusal';
import { useRatings, useRatingSummary, useStartConversation, useTradingPartners } from '../api/queries';
import type { RatingDirection } from '../api/keys';
import { shortDate } from '../model/format';
import { Avatar } from './avatar';
import { RateDialog } from './rate-dialog';
import { StarRating } from './star-rating';

const TABS = ['received', 'given'] as const satisfies readonly RatingDirection[];

/** The ratings section: my rating, the trading partners I can rate, and ratings received and given. */
export function RatingsSection() {
  const { t } = useTranslation();
  const session = useSession();
  const idBase = useId();
  const [tab, setTab] = useState<RatingDirection>('received');
  const title = t('messaging.ratings.title');
  if (session.status === 'loading') return <CenteredSpinner label={t('common.loading')} />;
  if (session.status !== 'signed-in')
    return (
      <div className="flex flex-col gap-6">
        <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
        <NotAvailable section={title} />
      </div>
    );
  return (
    <div className="flex max-w-4xl flex-col gap-4">
      <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
      <MySummary userId={session.userId} />
      <section aria-labelledby={`${idBase}-partners`} className="flex flex-col gap-2">
        <h2 id={`${idBase}-partners`} className="text-lg font-semibold">
          {t('messaging.ratings.tabs.partners')}
        </h2>
        <PartnerList />
      </section>
      <TabList
        tabs={TABS}
        selected={tab}
        onSelect={setTab}
        label={title}
        idBase={idBase}
        testIdPrefix="ratings"
        renderTab={(name) => t(`messaging.ratings.tabs.${name}`)}
      />
      <TabPanel tab={tab} idBase={idBase} testIdPrefix="ratings">
        <RatingList key={tab} direction={tab} />
      </TabPanel>
    </div>
  );
}

function MySummary({ userId }: { userId: string }) {
  const { t, i18n } = useTranslation();
  const query = useRatingSummary(userId);
  const summary = query.data;
  return (
    <section
      aria-label={t('messaging.ratings.summaryLabel')}
      data-testid="ratings-summary"
      className="flex min-h-20 items-center gap-4 rounded-xl border border-neutral-200 bg-white p-4 dark:border-neutral-800 dark:bg-neutral-900"
    >
      {!summary ? (
        <span className="text-sm text-neutral-500">{query.isError ? '—' : t('common.loading')}</span>
      ) : summary.count === 0 || summary.average === null ? (
        <p className="text-sm text-neutral-600 dark:text-neutral-400">{t('messaging.ratings.summaryNone')}</p>
      ) : (
        <>
          <span data-testid="ratings-average" className="text-3xl font-bold tabular-nums">
            {summary.average.toLocaleString(i18n.language, { maximumFractionDigits: 1 })}
          </span>
          <span className="flex flex-col gap-1">
            <span className="text-sm font-medium">
              {t('messaging.ratings.summary', {
                average: summary.average.toLocaleString(i18n.language, { maximumFractionDigits: 1 }),
              })}{' '}
              <span
                data-testid="ratings-count"
                className="font-normal text-neutral-600 dark:text-neutral-400"
              >
                {t('messaging.ratings.summaryCount', { count: summary.count })}
              </span>
            </span>
            <StarRating value={summary.average} count={summary.count} />
          </span>
        </>
      )}
    </section>
  );
}

function PartnerList() {
  const { t, i18n } = useTranslation();
  const query = useTradingPartners();
  const partners = pageItems(query.data, (page) => page.partners);
  const [rating, setRating] = useState<TradingPartner | null>(null);
  const navigate = useNavigate();
  const start = useStartConversation();
  const message = (partnerUserId: string) =>
    start.mutate(partnerUserId, {
      onSuccess: (conversation) =>
        void navigate(`/dashboard/messages?conversation=${encodeURIComponent(conversation.id)}`),
      onError: (error) => {
        // The app's demo toast says why (query-client.ts).
        if (!isDemoRefusal(error)) toast.error(t('messaging.ratings.messageFailed'));
      },
    });
  return (
    <>
      <PagedList
        query={query}
        items={partners}
        getKey={(p) => p.partner.userId}
        label={t('messaging.ratings.tabs.partners')}
        testId="trading-partners"
        errorText={t('messaging.ratings.partnersLoadError')}
        empty={<p>{t('messaging.ratings.partnersEmpty')}</p>}
        rowTestId="partner-row"
        rowAttributes={(p) => ({ 'data-partner-id': p.partner.userId })}
        renderItem={(p) => (
          <div className="flex items-center gap-3">
            <Avatar name={p.partner.businessName} url={p.partner.avatarUrl} />
            <div className="flex min-w-0 flex-1 flex-col gap-0.5">
              <span className="truncate font-medium">{p.partner.businessName}</span>
              <StarRating value={p.partner.rating.average} count={p.partner.rating.count} />
              <span className="truncate text-xs text-neutral-600 dark:text-neutral-400">
                {t('messaging.ratings.tradedFor', {
                  item: p.itemName,
                  date: shortDate(p.tradedAt, i18n.language),
                })}
              </span>
            </div>
            <Button
              size="sm"
              variant="outline"
              data-testid="partner-message"
              disabled={start.isPending}
              aria-label={t('messaging.ratings.messagePartner', { name: p.partner.businessName })}
              onClick={() => message(p.partner.userId)}
            >
              <MessageSquare aria-hidden className="size-4" />
              <span className="hidden sm:inline">{t('messaging.ratings.message')}</span>
            </Button>
            {p.myRating === null ? (
              <Button size="sm" data-testid="rate-button" onClick={() => setRating(p)}>
                {t('messaging.ratings.rate')}
              </Button>
            ) : (
              <span data-testid="my-rating" className="text-sm text-neutral-600 dark:text-neutral-400">
                {t('messaging.ratings.ratedYou', { count: p.myRating })}
              </span>
            )}
          </div>
        )}
      />
      {rating ? <RateDialog partner={rating.partner} onClose={() => setRating(null)} /> : null}
    </>
  );
}

function RatingList({ direction }: { direction: RatingDirection }) {
  const { t } = useTranslation();
  const query = useRatings(direction);
  const ratings = pageItems(query.data, (page) => page.ratings);
  return (
    <PagedList
      query={query}
      items={ratings}
      getKey={(r) => `${r.raterUserId}:${r.rateeUserId}`}
      label={t(`messaging.ratings.tabs.${direction}`)}
      testId={`ratings-${direction}`}
      errorText={t('messaging.ratings.loadError')}
      empty={
        <p>
          {t(direction === 'received' ? 'messaging.ratings.receivedEmpty' : 'messaging.ratings.givenEmpty')}
        </p>
      }
      rowTestId="rating-row"
      renderItem={(r) => <RatingRow rating={r} direction={direction} />}
    />
  );
}

function RatingRow({ rating, direction }: { rating: Rating; direction: RatingDirection }) {
  const { t, i18n } = useTranslation();
  return (
    <div className="flex flex-col gap-1">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <span className="font-medium">
          {direction === 'received'
            ? t('messaging.ratings.from', { name: rating.raterName })
            : t('messaging.ratings.to', { name: rating.rateeName })}
        </span>
        <StarRating value={rating.stars} testId="rating-stars-shown" />
        <time dateTime={rating.createdAt} className="text-xs text-neutral-500 dark:text-neutral-400">
          {shortDate(rating.createdAt, i18n.language)}
        </time>
      </div>
      {rating.comment ? (
        <p
          data-testid="rating-comment"
          className="text-sm whitespace-pre-wrap text-neutral-700 dark:text-neutral-300"
        >
          {rating.comment}
        </p>
      ) : null}
    </div>
  );
}
