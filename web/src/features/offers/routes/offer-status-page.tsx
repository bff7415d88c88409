import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ApiError, formatMoney, formatSize } from '@sneakers/shared';
import { anonymousAgreedTotal, lineTotal } from '@sneakers/shared/rules/offer-price';
import { PageScreen } from '../../../components/page-screen';
import { Badge } from '../../../components/ui/badge';
import { CenteredSpinner } from '../../../components/ui/spinner';
import { useOfferStatus } from '../api/queries';
import { STATUS_TONE } from '../components/offer-status';

/** /offer-status/{token}: the anonymous sender's view of their offer (public, by the secret link of their email). */
export function OfferStatusPage() {
  const { token = '' } = useParams();
  return (
    <PageScreen>
      <OfferStatusView token={token} />
    </PageScreen>
  );
}

function OfferStatusView({ token }: { token: string }) {
  const { t, i18n } = useTranslation();
  const query = useOfferStatus(token);
  if (query.isPending) return <CenteredSpinner label={t('common.loading')} />;
  if (query.isError) {
    const notFound =
      query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400);
    return (
      <section
        role="alert"
        data-testid={notFound ? 'offer-status-not-found' : 'offer-status-error'}
        className="mx-auto my-12 flex max-w-md flex-col gap-2 rounded-xl border border-dashed border-neutral-300 p-8 text-center dark:border-neutral-700"
      >
        <h1 className="text-lg font-semibold">
          {t(notFound ? 'offerStatus.notFoundTitle' : 'offerStatus.loadError')}
        </h1>
        {notFound && (
          <p className="text-sm text-neutral-600 dark:text-neutral-400">{t('offerStatus.notFoundBody')}</p>
        )}
      </section>
    );
  }
  const offer = query.data;
  const money = (amount: number) => formatMoney({ amount, currency: offer.currency }, i18n.language);
  const store = offer.storeBusinessName || t('offerStatus.defaultStore');
  return (
    <article
      data-testid="offer-status-page"
      className="mx-auto flex w-full max-w-2xl min-w-0 flex-col gap-6 p-4 sm:p-8"
    >
      <header className="flex flex-col gap-2">
        <p className="text-sm text-neutral-600 dark:text-neutral-400">{t('offerStatus.yourOfferTo')}</p>
        <h1 className="text-2xl font-bold tracking-tight break-words" data-testid="offer-status-store">
          {store}
        </h1>
        <div className="flex flex-wrap items-center gap-2">
          <Badge tone={STATUS_TONE[offer.status]} data-testid="offer-status-badge">
            {t(`offers.status.${offer.status}`)}
          </Badge>
          <span className="text-sm text-neutral-600 dark:text-neutral-400">
            {t(`offerStatus.explain.${offer.status}`, { store })}
          </span>
        </div>
      </header>
      {offer.agreedPrice !== null && (
        <p
          data-testid="offer-agreed-price"
          className="flex flex-wrap items-baseline gap-2 rounded-lg bg-orange-50 px-4 py-3 dark:bg-orange-950"
        >
          <span className="text-xs font-semibold tracking-wide text-orange-800 uppercase dark:text-orange-200">
            {t('offers.agreedPrice')}
          </span>
          <span className="text-2xl font-bold tabular-nums">{money(offer.agreedPrice)}</span>
        </p>
      )}
      {offer.counterPrice !== null && offer.status !== 'accepted' && (
        <section
          data-testid="offer-status-counter"
          className="flex flex-col gap-1 rounded-lg border border-purple-200 p-4 dark:border-purple-900"
        >
          <h2 className="text-sm font-semibold">{t('offerStatus.counter')}</h2>
          <p className="text-xl font-bold tabular-nums">{money(offer.counterPrice)}</p>
          {offer.counterMessage && (
            <p className="break-words whitespace-pre-line">“{offer.counterMessage}”</p>
          )}
        </section>
      )}
      {offer.counterMessage && offer.status === 'accepted' && (
        <p className="break-words whitespace-pre-line">“{offer.counterMessage}”</p>
      )}
      <section className="flex flex-col gap-2">
        <h2 className="text-lg font-semibold">{t('offerStatus.items')}</h2>
        <ul className="flex flex-col gap-2">
          {offer.lines.map((line, i) => (
            <li
              key={i}
              data-testid="offer-status-line"
              className="flex min-w-0 flex-wrap justify-between gap-x-3 gap-y-1 rounded-lg border border-neutral-200 p-3 text-sm dark:border-neutral-800"
            >
              <span className="min-w-0 font-medium break-words">
                {line.itemName} <span className="text-neutral-500">{line.itemSku.toUpperCase()}</span>
              </span>
              <span>
                {t('offerStatus.size', { size: formatSize(line.size) })} · {line.quantity} ×{' '}
                {money(line.offeredPrice)}
                {line.quantity > 1 && <> = {money(lineTotal(line))}</>}
              </span>
            </li>
          ))}
        </ul>
        <p className="text-right text-sm">
          {t('offers.total')}:{' '}
          <span className="font-semibold tabular-nums" data-testid="offer-status-total">
            {money(anonymousAgreedTotal(offer))}
          </span>
        </p>
      </section>
      <p className="text-xs text-neutral-500">
        {t('offerStatus.sent', { date: new Date(offer.createdAt).toLocaleString(i18n.language) })}
        {(offer.status === 'pending' || offer.status === 'countered') &&
          ` · ${t('offers.expires', { date: new Date(offer.expiresAt).toLocaleDateString(i18n.language) })}`}
      </p>
    </article>
  );
}
