import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { ApiError, DEAL_SORTS, type Deal, type DealSort } from '@sneakers/shared';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { NotAvailable } from '../../../components/not-available';
import { PagedList } from '../../../components/paged-list';
import { Button } from '../../../components/ui/button';
import { Input, Select } from '../../../components/ui/form';
import { useApi } from '../../../lib/api';
import { isDemoRefusal } from '../../../lib/demo/demo-refusal';
import { pageItems } from '../../../lib/page-items';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useSession } from '../../../lib/session/use-session';
import type { DealFilters } from '../api/keys';
import {
  dealsBoardOptions,
  useHideDeal,
  useMarkDealsSeen,
  useMessagePartner,
  useShowInDeals,
  useUnhideDeal,
} from '../api/queries';
import { formatName } from '../../../lib/item-format';
import { DealCard, type DealActions } from './deal-card';
import { DealOfferDialog } from './offer-dialog';
import { DealSettingsPanel, type DealRole } from './deal-settings-panel';
import { HiddenDealsButton } from './hidden-dialog';

/** The deals section (docs/product/deals.md#the-deals-section): the board for the caller's role. */
export function DealsSection() {
  const { t } = useTranslation();
  const session = useSession();
  // The board's title and fees depend on the role: wait for the profile rather than guess.
  if (session.status === 'loading' || (session.status === 'signed-in' && session.profileStatus === 'loading'))
    return <BoardSkeleton />;
  if (session.status !== 'signed-in' || !session.profile)
    return (
      <div className="flex max-w-3xl flex-col gap-6">
        <h1 className="text-2xl font-bold tracking-tight">{t('deals.title')}</h1>
        <NotAvailable section={t('deals.title')} />
      </div>
    );
  return (
    <DealsBoard userId={session.userId} role={session.profile.role} currency={session.profile.currency} />
  );
}

interface Pending {
  deal: Deal;
  kind: 'deal' | 'partner';
}

function DealsBoard({
  userId,
  role,
  currency,
}: {
  userId: string;
  role: DealRole;
  currency: Parameters<typeof DealSettingsPanel>[0]['currency'];
}) {
  const { t } = useTranslation();
  const api = useApi();
  const navigate = useNavigate();
  const ids = useId();
  const [sort, setSort] = useState<DealSort>('margin');
  const [brand, setBrand] = useState('');
  const [sizeText, setSizeText] = useState('');
  const size = useDebouncedValue(sizeText);
  const filters: DealFilters = useMemo(() => ({ sort, brand, size: size.trim() }), [sort, brand, size]);
  const query = useInfiniteQuery({ ...dealsBoardOptions(api, filters), placeholderData: keepPreviousData });
  const deals = useMemo(() => pageItems(query.data, (page) => page.deals), [query.data]);
  const first = query.data?.pages[0];
  // The server says which side the caller reads; the role answers until the first page does.
  const side = first?.side ?? (role === 'store' ? 'want' : 'have');
  const filtered = brand !== '' || size.trim() !== '';

  // Opening the board clears the badge (once per opening, not per refetch).
  const seen = useMarkDealsSeen();
  const markSeen = useRef(seen.mutate);
  useEffect(() => markSeen.current(), []);

  // Relative times are read against one clock per render of the list.
  const now = useMemo(() => new Date(), [query.dataUpdatedAt]); // eslint-disable-line react-hooks/exhaustive-deps

  const [offering, setOffering] = useState<Deal | null>(null);
  const [confirming, setConfirming] = useState<Pending | null>(null);
  const hide = useHideDeal();
  const unhide = useUnhideDeal();
  const message = useMessagePartner();

  const actions: DealActions = {
    onMakeOffer: setOffering,
    onHide: (deal, kind) => setConfirming({ deal, kind }),
    messaging: message.isPending ? (message.variables?.id ?? null) : null,
    onMessage: (deal) =>
      message.mutate(deal, {
        onSuccess: (conversation) =>
          void navigate(`/dashboard/messages?conversation=${encodeURIComponent(conversation.id)}`),
        onError: (error) =>
          isDemoRefusal(error) ||
          toast.error(t('deals.actions.messageFailed'), {
            description: error instanceof ApiError ? error.message : t('errors.unexpected'),
          }),
      }),
  };

  const confirmHide = () => {
    if (!confirming) return;
    const { deal, kind } = confirming;
    setConfirming(null);
    hide.mutate(
      kind === 'deal'
        ? { kind, targetId: deal.id, label: formatName(deal.product.name) }
        : { kind, targetId: deal.partner.userId },
      {
        onSuccess: (hidden) =>
          toast.success(t(kind === 'deal' ? 'deals.hide.dealHidden' : 'deals.hide.partnerHidden'), {
            action: { label: t('deals.hide.undo'), onClick: () => unhide.mutate(hidden.id) },
          }),
        onError: (error) => isDemoRefusal(error) || toast.error(t('deals.hide.failed')),
      },
    );
  };

  const title = t(side === 'want' ? 'deals.titleWant' : 'deals.titleHave');
  const clearFilters = () => {
    setBrand('');
    setSizeText('');
  };

  return (
    <div className="flex w-full max-w-5xl min-w-0 flex-col gap-5" data-testid="deals-board" data-side={side}>
      <header className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold tracking-tight break-words" data-testid="deals-title">
          {title}
        </h1>
        <p className="text-sm text-neutral-600 dark:text-neutral-400">
          {t(side === 'want' ? 'deals.subtitleWant' : 'deals.subtitleHave')}
        </p>
      </header>

      {first && !first.visible ? (
        <HiddenProfile userId={userId} />
      ) : (
        <>
          <DealSettingsPanel role={role} currency={currency} />
          {query.isPending ? (
            <BoardSkeleton />
          ) : (
            <PagedList
              query={query}
              items={deals}
              getKey={(deal) => deal.id}
              label={t('deals.listLabel')}
              testId="deals"
              rowTestId="deal-row"
              rowAttributes={(deal) => ({ 'data-deal-id': deal.id })}
              errorText={t('deals.loadError')}
              loadMoreText={t('deals.loadMore')}
              listClassName="grid grid-cols-1 gap-3 lg:grid-cols-2"
              empty={
                filtered ? (
                  <>
                    {t('deals.emptyFiltered')}
                    <Button variant="outline" size="sm" onClick={clearFilters}>
                      {t('deals.filters.clear')}
                    </Button>
                  </>
                ) : (
                  t(side === 'want' ? 'deals.emptyWant' : 'deals.emptyHave')
                )
              }
              toolbar={
                <>
                  <label className="flex min-w-36 flex-1 flex-col gap-1 text-xs font-medium sm:flex-none">
                    {t('deals.filters.sort')}
                    <Select
                      data-testid="deals-sort"
                      value={sort}
                      onChange={(e) => setSort(DEAL_SORTS.find((s) => s === e.target.value) ?? 'margin')}
                    >
                      {DEAL_SORTS.map((option) => (
                        <option key={option} value={option}>
                          {t(`deals.filters.sorts.${option}`)}
                        </option>
                      ))}
                    </Select>
                  </label>
                  <label className="flex min-w-36 flex-1 flex-col gap-1 text-xs font-medium sm:flex-none">
                    {t('deals.filters.brand')}
                    <Select
                      data-testid="deals-brand"
                      value={brand}
                      onChange={(e) => setBrand(e.target.value)}
                    >
                      <option value="">{t('deals.filters.allBrands')}</option>
                      {(first?.brands ?? []).map((option) => (
                        <option key={option} value={option}>
                          {option}
                        </option>
                      ))}
                    </Select>
                  </label>
                  <div className="flex min-w-36 flex-1 flex-col gap-1 text-xs font-medium sm:flex-none">
                    <label htmlFor={`${ids}-size`}>{t('deals.filters.size')}</label>
                    <Input
                      id={`${ids}-size`}
                      type="search"
                      data-testid="deals-size"
                      value={sizeText}
                      maxLength={60}
                      placeholder={t('deals.filters.sizePlaceholder')}
                      onChange={(e) => setSizeText(e.target.value)}
                    />
                  </div>
                  <div className="ml-auto">
                    <HiddenDealsButton />
                  </div>
                </>
              }
              renderItem={(deal) => <DealCard deal={deal} now={now} actions={actions} />}
            />
          )}
        </>
      )}

      <DealOfferDialog deal={offering} onClose={() => setOffering(null)} />
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        title={
          confirming?.kind === 'partner'
            ? t('deals.hide.partnerTitle', { partner: confirming.deal.partner.businessName })
            : t('deals.hide.dealTitle')
        }
        description={
          confirming
            ? t(confirming.kind === 'partner' ? 'deals.hide.partnerBody' : 'deals.hide.dealBody', {
                product: formatName(confirming.deal.product.name),
                partner: confirming.deal.partner.businessName,
              })
            : ''
        }
        confirmLabel={t('deals.hide.confirm')}
        onConfirm={confirmHide}
        testId="deal-hide-dialog"
        confirmTestId="deal-hide-confirm"
      />
    </div>
  );
}

/** The first paint's placeholder: three card outlines in the board's grid. */
function BoardSkeleton() {
  const { t } = useTranslation();
  return (
    <div
      role="status"
      aria-busy="true"
      data-testid="deals-loading"
      className="grid grid-cols-1 gap-3 lg:grid-cols-2"
    >
      <span className="sr-only">{t('deals.loading')}</span>
      {[0, 1, 2].map((n) => (
        <div
          key={n}
          aria-hidden="true"
          className="flex animate-pulse flex-col gap-3 rounded-xl border border-neutral-200 p-3 dark:border-neutral-800"
        >
          <div className="flex gap-3">
            <div className="h-18 w-24 rounded-md bg-neutral-200 dark:bg-neutral-800" />
            <div className="flex flex-1 flex-col gap-2">
              <div className="h-4 w-3/4 rounded bg-neutral-200 dark:bg-neutral-800" />
              <div className="h-3 w-1/2 rounded bg-neutral-200 dark:bg-neutral-800" />
            </div>
          </div>
          <div className="h-3 w-full rounded bg-neutral-200 dark:bg-neutral-800" />
          <div className="h-8 w-2/3 rounded bg-neutral-200 dark:bg-neutral-800" />
        </div>
      ))}
    </div>
  );
}

/** visible: false — the board is empty because the caller hid themselves; one button turns it back on. */
function HiddenProfile({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const show = useShowInDeals(userId);
  return (
    <div
      role="status"
      data-testid="deals-hidden-profile"
      className="flex flex-col items-start gap-3 rounded-xl border border-dashed border-neutral-300 p-6 text-sm dark:border-neutral-700"
    >
      <h2 className="text-base font-semibold">{t('deals.hiddenProfile.title')}</h2>
      <p className="text-neutral-600 dark:text-neutral-400">{t('deals.hiddenProfile.body')}</p>
      <Button
        data-testid="deals-show-profile"
        disabled={show.isPending}
        onClick={() =>
          show.mutate(undefined, {
            onSuccess: () => toast.success(t('deals.hiddenProfile.turnedOn')),
            onError: (error) => isDemoRefusal(error) || toast.error(t('deals.hiddenProfile.failed')),
          })
        }
      >
        {t('deals.hiddenProfile.turnOn')}
      </Button>
    </div>
  );
}
