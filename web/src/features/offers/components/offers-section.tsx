import { useState } from 'react';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import {
  ApiError,
  formatMoney,
  formatSize,
  listAnonymousOffers,
  listOffers,
  respondToOffer,
  toCents,
  type AnonymousOffer,
  type Offer,
  type OfferStatus,
} from '@sneakers/shared';
import { NotAvailable } from '../../../components/not-available';
import { Badge, type BadgeProps } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Field, Input } from '../../../components/ui/form';
import { CenteredSpinner } from '../../../components/ui/spinner';
import { useApi } from '../../../lib/api';
import { cn } from '../../../lib/utils';
import { useSession } from '../../auth';
import { useDemoMode } from '../../demo';

type Box = 'received' | 'sent' | 'anonymous';
type Action = 'accept' | 'decline' | 'withdraw' | 'counter';

const STATUS_TONE: Record<OfferStatus, BadgeProps['tone']> = {
  pending: 'blue',
  countered: 'purple',
  accepted: 'orange',
  declined: 'neutral',
  withdrawn: 'neutral',
  expired: 'neutral',
};

/** Which actions a party has on an offer (contract respondToOffer). */
export function offerActions(offer: Pick<Offer, 'status'>, box: 'received' | 'sent'): Action[] {
  if (box === 'received') return offer.status === 'pending' ? ['accept', 'decline', 'counter'] : [];
  if (offer.status === 'countered') return ['accept', 'decline', 'withdraw'];
  if (offer.status === 'pending') return ['withdraw'];
  return [];
}

export function OffersSection() {
  const { t } = useTranslation();
  const session = useSession();
  const isDemo = useDemoMode();
  const [box, setBox] = useState<Box>('received');
  const title = t('sections.offers');
  if (isDemo || session.status !== 'signed-in')
    return (
      <div className="flex flex-col gap-6">
        <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
        <NotAvailable section={title} />
      </div>
    );
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
      <div role="tablist" className="flex gap-1 border-b border-neutral-200 dark:border-neutral-800">
        {(['received', 'sent', 'anonymous'] as const).map((b) => (
          <button
            key={b}
            role="tab"
            type="button"
            data-testid={`offers-tab-${b}`}
            aria-selected={box === b}
            onClick={() => setBox(b)}
            className={cn(
              '-mb-px border-b-2 px-3 py-2 text-sm',
              box === b ? 'border-orange-600 font-semibold' : 'border-transparent text-neutral-500',
            )}
          >
            {t(`offers.tabs.${b}`)}
          </button>
        ))}
      </div>
      {box === 'anonymous' ? <AnonymousOffers /> : <OfferList key={box} box={box} />}
    </div>
  );
}

function OfferList({ box }: { box: 'received' | 'sent' }) {
  const { t, i18n } = useTranslation();
  const api = useApi();
  const queryClient = useQueryClient();
  const [countering, setCountering] = useState<Offer | null>(null);
  const [counterPrice, setCounterPrice] = useState('');
  const query = useInfiniteQuery({
    queryKey: ['offers', box],
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) =>
      api(listOffers, { query: { box, cursor: pageParam, limit: 50 }, signal }),
    getNextPageParam: (last) => last.cursor ?? undefined,
  });
  const respond = useMutation({
    mutationFn: ({ offer, action, price }: { offer: Offer; action: Action; price?: number }) =>
      api(respondToOffer, {
        params: { offerId: offer.id },
        body: action === 'counter' ? { action, price: price ?? 0 } : { action },
      }),
    onSuccess: (_data, { action }) => {
      toast.success(t(`offers.toast.${action}`));
      setCountering(null);
      return queryClient.invalidateQueries({ queryKey: ['offers'] });
    },
    onError: (error) =>
      toast.error(t('offers.error.title'), {
        description: error instanceof ApiError ? error.message : t('offers.error.description'),
      }),
  });
  const offers = query.data?.pages.flatMap((p) => p.offers) ?? [];
  const money = (cents: number, currency: Offer['currency']) =>
    formatMoney({ amount: cents, currency }, i18n.language);
  let counterCents: number | null = null;
  try {
    counterCents = toCents(counterPrice);
  } catch {
    counterCents = null;
  }

  if (query.isPending) return <CenteredSpinner label={t('common.loading')} />;
  if (query.isError)
    return (
      <p role="alert" className="p-6 text-center text-sm">
        {t('offers.loadError')}
      </p>
    );
  if (offers.length === 0)
    return (
      <p data-testid="offers-empty" className="p-6 text-center text-sm text-neutral-500">
        {t('offers.empty')}
      </p>
    );
  return (
    <>
      <ul className="flex flex-col gap-2">
        {offers.map((offer) => (
          <li
            key={offer.id}
            data-testid="offer-row"
            className="flex flex-wrap items-center gap-3 rounded-xl border border-neutral-200 bg-white p-3 text-sm dark:border-neutral-800 dark:bg-neutral-900"
          >
            <div className="flex min-w-48 flex-1 flex-col">
              <span className="font-medium">{offer.itemName}</span>
              <span className="text-xs text-neutral-500">
                {offer.itemSku.toUpperCase()} · {formatSize(offer.size)} · ×{offer.quantity} ·{' '}
                {box === 'received' ? offer.senderBusinessName : offer.receiverBusinessName}
              </span>
            </div>
            <span className="tabular-nums">{money(offer.offeredPrice, offer.currency)}</span>
            {offer.counterPrice !== null && (
              <span className="text-purple-700 tabular-nums dark:text-purple-300">
                {t('offers.counterLabel', { price: money(offer.counterPrice, offer.currency) })}
              </span>
            )}
            <Badge tone={STATUS_TONE[offer.status]} data-testid="offer-status">
              {t(`offers.status.${offer.status}`)}
            </Badge>
            <span className="text-xs text-neutral-500">
              {t('offers.expires', { date: new Date(offer.expiresAt).toLocaleDateString(i18n.language) })}
            </span>
            <div className="flex gap-1">
              {offerActions(offer, box).map((action) => (
                <Button
                  key={action}
                  size="sm"
                  variant={action === 'accept' ? 'default' : 'outline'}
                  data-testid={`offer-${action}`}
                  disabled={respond.isPending}
                  onClick={() => {
                    if (action === 'counter') {
                      setCounterPrice('');
                      setCountering(offer);
                    } else respond.mutate({ offer, action });
                  }}
                >
                  {t(`offers.actions.${action}`)}
                </Button>
              ))}
            </div>
          </li>
        ))}
      </ul>
      {query.hasNextPage && (
        <Button
          variant="outline"
          className="self-center"
          disabled={query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage()}
        >
          {t('lists.loadMore')}
        </Button>
      )}
      <Dialog
        open={countering !== null}
        onOpenChange={(o) => !o && setCountering(null)}
        title={t('offers.counterTitle')}
        closeLabel={t('common.close')}
      >
        <form
          className="flex flex-col gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            if (countering && counterCents && counterCents > 0)
              respond.mutate({ offer: countering, action: 'counter', price: counterCents });
          }}
        >
          <Field id="counter-price" label={`${t('offers.counterPrice')} (${countering?.currency ?? ''})`}>
            <Input
              id="counter-price"
              data-testid="counter-price"
              type="number"
              min={0}
              step={0.01}
              value={counterPrice}
              onChange={(e) => setCounterPrice(e.target.value)}
            />
          </Field>
          <Button
            type="submit"
            data-testid="counter-submit"
            disabled={!counterCents || counterCents <= 0 || respond.isPending}
          >
            {t('offers.actions.counter')}
          </Button>
        </form>
      </Dialog>
    </>
  );
}

function AnonymousOffers() {
  const { t, i18n } = useTranslation();
  const api = useApi();
  const query = useInfiniteQuery({
    queryKey: ['offers', 'anonymous'],
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) =>
      api(listAnonymousOffers, { query: { cursor: pageParam, limit: 50 }, signal }),
    getNextPageParam: (last) => last.cursor ?? undefined,
  });
  const offers: AnonymousOffer[] = query.data?.pages.flatMap((p) => p.offers) ?? [];
  if (query.isPending) return <CenteredSpinner label={t('common.loading')} />;
  if (query.isError)
    return (
      <p role="alert" className="p-6 text-center text-sm">
        {t('offers.loadError')}
      </p>
    );
  if (offers.length === 0)
    return (
      <p data-testid="offers-empty" className="p-6 text-center text-sm text-neutral-500">
        {t('offers.empty')}
      </p>
    );
  return (
    <ul className="flex flex-col gap-3">
      {offers.map((offer) => (
        <li
          key={offer.id}
          data-testid="anonymous-offer-row"
          className="flex flex-col gap-2 rounded-xl border border-neutral-200 bg-white p-4 text-sm dark:border-neutral-800 dark:bg-neutral-900"
        >
          <div className="flex flex-wrap items-center gap-2">
            <span className="font-semibold">{offer.contactName}</span>
            <a className="underline" href={`mailto:${offer.contactEmail}`}>
              {offer.contactEmail}
            </a>
            <a className="underline" href={`tel:${offer.contactPhone}`}>
              {offer.contactPhone}
            </a>
            {offer.instagram && <span>IG {offer.instagram}</span>}
            {offer.discord && <span>Discord {offer.discord}</span>}
            <Badge tone={STATUS_TONE[offer.status]}>{t(`offers.status.${offer.status}`)}</Badge>
            <Badge>{offer.listType.toUpperCase()}</Badge>
            <span className="ml-auto text-xs text-neutral-500">
              {new Date(offer.createdAt).toLocaleString(i18n.language)}
            </span>
          </div>
          {offer.message && <p className="text-neutral-600 dark:text-neutral-400">{offer.message}</p>}
          <ul className="flex flex-col gap-1">
            {offer.lines.map((line, i) => (
              <li key={i} data-testid="anonymous-offer-line" className="flex flex-wrap gap-2">
                <span className="font-medium">{line.itemName}</span>
                <span>{line.itemSku.toUpperCase()}</span>
                <span>{formatSize(line.size)}</span>
                <span>×{line.quantity}</span>
                <span className="tabular-nums">
                  {formatMoney({ amount: line.offeredPrice, currency: 'EUR' }, i18n.language)}
                </span>
                {line.notes && <span className="text-neutral-500">{line.notes}</span>}
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ul>
  );
}
