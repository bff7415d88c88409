import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { isStorefrontOffer } from '@sneakers/shared/contracts/list-values';
import {
  ApiError,
  formatMoney,
  formatSize,
  type AnonymousOffer,
  type Currency,
  type Offer,
} from '@sneakers/shared';
import {
  agreedPrice,
  agreedTotal,
  anonymousAgreedTotal,
  isDealSettled,
  lineTotal,
  offerTotal,
} from '@sneakers/shared/rules/offer-price';
import { availableActions, type OfferAction } from '@sneakers/shared/rules/offer-transitions';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { isDemoRefusal } from '../../../lib/demo/demo-refusal';
import { useRespondToAnonymousOffer, useRespondToOffer, type OfferBox } from '../api/queries';
import { CreateOrderButton } from './create-order-button';
import { STATUS_TONE } from './offer-status';
import { RespondControls } from './respond-controls';
import { DELETED_ACCOUNT_USER_ID } from '@sneakers/shared/contracts/deleted-account';

const ROLE = { received: 'receiver', sent: 'sender' } as const;

function useMoney() {
  const { i18n } = useTranslation();
  return (amount: number, currency: Currency) => formatMoney({ amount, currency }, i18n.language);
}

function useAnswered() {
  const { t } = useTranslation();
  return {
    onSuccess: (action: OfferAction) => toast.success(t(`offers.toast.${action}`)),
    onError: (error: Error) =>
      isDemoRefusal(error) ||
      toast.error(t('offers.answerError.title'), {
        description: error instanceof ApiError ? error.message : t('offers.answerError.description'),
      }),
  };
}

const cardClass =
  'flex min-w-0 flex-col gap-3 rounded-xl border border-neutral-200 bg-white p-3 text-sm sm:p-4 dark:border-neutral-800 dark:bg-neutral-900';

/** "Agreed price", big: the one figure an accepted offer is about. */
function AgreedPrice({ amount }: { amount: string }) {
  const { t } = useTranslation();
  return (
    <p
      data-testid="offer-agreed-price"
      className="flex flex-wrap items-baseline gap-2 rounded-lg bg-orange-50 px-3 py-2 dark:bg-orange-950"
    >
      <span className="text-xs font-semibold tracking-wide text-orange-800 uppercase dark:text-orange-200">
        {t('offers.agreedPrice')}
      </span>
      <span className="text-lg font-bold tabular-nums">{amount}</span>
    </p>
  );
}

function Quote({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div data-testid={testId} className="min-w-0 rounded-lg bg-neutral-50 px-3 py-2 dark:bg-neutral-800/60">
      <p className="text-xs font-medium text-neutral-500">{label}</p>
      <p className="break-words whitespace-pre-line">{children}</p>
    </div>
  );
}

function Counter({ price, message }: { price: string; message: string | null }) {
  const { t } = useTranslation();
  return (
    <div
      data-testid="offer-counter-quote"
      className="flex min-w-0 flex-col gap-1 text-purple-800 dark:text-purple-200"
    >
      <span className="font-medium tabular-nums">{t('offers.counterLabel', { price })}</span>
      {message && <span className="break-words whitespace-pre-line">“{message}”</span>}
    </div>
  );
}

/**
 * A signed-in offer as its sender made it: the lines of one call (one group) on one card,
 * each line with its own status and answer (offers are answered per line).
 */
export function OfferGroupCard({
  group,
  box,
  onOpen,
}: {
  group: readonly Offer[];
  box: OfferBox;
  onOpen?: () => void;
}) {
  const { t, i18n } = useTranslation();
  const money = useMoney();
  const respond = useRespondToOffer();
  const answered = useAnswered();
  const first = group[0];
  if (!first) return null;
  // A sender whose account was deleted keeps its offers in the receiver's inbox, anonymised.
  const counterpart =
    box !== 'received'
      ? first.receiverBusinessName
      : first.resellerUserId === DELETED_ACCOUNT_USER_ID
        ? t('offers.deletedAccount')
        : first.senderBusinessName;
  const currency = first.currency;
  return (
    <article data-testid="offer-card" data-group={first.groupId} className={cardClass}>
      <header className="flex flex-wrap items-center gap-2">
        <span className="min-w-0 font-semibold break-words" data-testid="offer-counterpart">
          {counterpart}
        </span>
        <Badge>{t('offers.linesCount', { count: group.length })}</Badge>
        <span className="text-xs text-neutral-500">
          {new Date(first.createdAt).toLocaleString(i18n.language)}
        </span>
        {onOpen && (
          <Button size="sm" variant="outline" className="ml-auto" data-testid="offer-open" onClick={onOpen}>
            {t('offers.open')}
          </Button>
        )}
      </header>
      {first.message && (
        <Quote
          label={t(box === 'received' ? 'offers.theirMessage' : 'offers.yourMessage')}
          testId="offer-message"
        >
          {first.message}
        </Quote>
      )}
      <ul className="flex flex-col gap-2">
        {group.map((offer) => {
          const agreed = agreedPrice({
            status: offer.status,
            offered: offer.offeredPrice,
            counterPrice: offer.counterPrice,
          });
          return (
            <li
              key={offer.id}
              data-testid="offer-row"
              className="flex min-w-0 flex-col gap-2 border-t border-neutral-100 pt-2 first:border-0 first:pt-0 dark:border-neutral-800"
            >
              <div className="flex flex-wrap items-center gap-2">
                <span className="min-w-0 flex-1 basis-40 font-medium break-words">{offer.itemName}</span>
                <Badge tone={STATUS_TONE[offer.status]} data-testid="offer-status">
                  {t(`offers.status.${offer.status}`)}
                </Badge>
              </div>
              <p className="text-xs break-words text-neutral-500">
                {offer.itemSku.toUpperCase()} · {formatSize(offer.size)} · {offer.quantity} ×{' '}
                <span className="tabular-nums">{money(offer.offeredPrice, currency)}</span>
                {offer.quantity > 1 && <> = {money(lineTotal(offer), currency)}</>}
                {' · '}
                {t('offers.expires', { date: new Date(offer.expiresAt).toLocaleDateString(i18n.language) })}
              </p>
              {offer.notes && <p className="text-xs break-words text-neutral-500">{offer.notes}</p>}
              {offer.counterPrice !== null && (
                <Counter price={money(offer.counterPrice, currency)} message={offer.counterMessage} />
              )}
              {agreed !== null && <AgreedPrice amount={money(agreed, currency)} />}
              <RespondControls
                actions={availableActions(ROLE[box], offer.status)}
                currency={currency}
                pending={respond.isPending}
                acceptPrice={money(offer.counterPrice ?? offer.offeredPrice, currency)}
                onRespond={(action, counter) =>
                  respond.mutate(
                    { offer, action, ...(counter ?? {}) },
                    { onSuccess: () => answered.onSuccess(action), onError: answered.onError },
                  )
                }
              />
            </li>
          );
        })}
      </ul>
      {group.length > 1 && (
        <p className="text-right text-xs text-neutral-500">
          {t('offers.total')}:{' '}
          <span className="font-semibold tabular-nums" data-testid="offer-total">
            {money(agreedTotal(group), currency)}
          </span>
        </p>
      )}
      {box === 'received' &&
        (isDealSettled(group) ? (
          <CreateOrderButton offer={{ offerId: first.id }} />
        ) : (
          group.some((offer) => offer.status === 'accepted') && (
            <p className="text-xs text-neutral-500" data-testid="offer-order-waiting">
              {t('offers.order.waiting')}
            </p>
          )
        ))}
    </article>
  );
}

/** An anonymous offer: the visitor's contact details, their lines and total, and the store's answer. */
export function AnonymousOfferCard({ offer, onOpen }: { offer: AnonymousOffer; onOpen?: () => void }) {
  const { t, i18n } = useTranslation();
  const money = useMoney();
  const respond = useRespondToAnonymousOffer();
  const answered = useAnswered();
  const offered = offerTotal(offer.lines);
  const agreed = agreedPrice({ status: offer.status, offered, counterPrice: offer.counterPrice });
  const actions = availableActions('anonymousReceiver', offer.status).filter(
    (a): a is 'accept' | 'decline' | 'counter' => a !== 'withdraw',
  );
  return (
    <article data-testid="anonymous-offer-row" className={cardClass}>
      <header className="flex flex-wrap items-center gap-2">
        <span className="min-w-0 font-semibold break-words" data-testid="anonymous-offer-name">
          {offer.contactName}
        </span>
        <Badge tone={STATUS_TONE[offer.status]} data-testid="offer-status">
          {t(`offers.status.${offer.status}`)}
        </Badge>
        <Badge>
          {isStorefrontOffer(offer.listType) ? t('offers.fromOnlineStore') : offer.listType.toUpperCase()}
        </Badge>
        <span className="text-xs text-neutral-500">
          {new Date(offer.createdAt).toLocaleString(i18n.language)}
        </span>
        {onOpen && (
          <Button size="sm" variant="outline" className="ml-auto" data-testid="offer-open" onClick={onOpen}>
            {t('offers.open')}
          </Button>
        )}
      </header>
      <dl
        data-testid="anonymous-offer-contact"
        className="grid min-w-0 grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-xs"
      >
        <dt className="text-neutral-500">{t('offers.senderContact.email')}</dt>
        <dd className="break-all">
          <a className="underline" href={`mailto:${offer.contactEmail}`}>
            {offer.contactEmail}
          </a>
        </dd>
        <dt className="text-neutral-500">{t('offers.senderContact.phone')}</dt>
        <dd className="break-all">
          <a className="underline" href={`tel:${offer.contactPhone}`}>
            {offer.contactPhone}
          </a>
        </dd>
        {offer.instagram && (
          <>
            <dt className="text-neutral-500">Instagram</dt>
            <dd className="break-all">{offer.instagram}</dd>
          </>
        )}
        {offer.discord && (
          <>
            <dt className="text-neutral-500">Discord</dt>
            <dd className="break-all">{offer.discord}</dd>
          </>
        )}
      </dl>
      {offer.message && (
        <Quote label={t('offers.theirMessage')} testId="offer-message">
          {offer.message}
        </Quote>
      )}
      <ul className="flex flex-col gap-1">
        {offer.lines.map((line, i) => (
          <li key={i} data-testid="anonymous-offer-line" className="flex min-w-0 flex-wrap gap-x-2 gap-y-0.5">
            <span className="min-w-0 font-medium break-words">{line.itemName}</span>
            <span className="text-neutral-500">{line.itemSku.toUpperCase()}</span>
            <span>{formatSize(line.size)}</span>
            <span className="tabular-nums">
              {line.quantity} × {money(line.offeredPrice, offer.currency)}
            </span>
            {line.notes && <span className="break-words text-neutral-500">{line.notes}</span>}
          </li>
        ))}
      </ul>
      <p className="text-sm">
        {t('offers.total')}:{' '}
        <span className="font-semibold tabular-nums" data-testid="offer-total">
          {money(anonymousAgreedTotal(offer), offer.currency)}
        </span>
      </p>
      {offer.counterPrice !== null && (
        <Counter price={money(offer.counterPrice, offer.currency)} message={offer.counterMessage} />
      )}
      {agreed !== null && <AgreedPrice amount={money(agreed, offer.currency)} />}
      <RespondControls
        actions={actions}
        currency={offer.currency}
        pending={respond.isPending}
        acceptPrice={money(offer.counterPrice ?? offered, offer.currency)}
        counterHint={offer.lines.length > 1 ? t('offers.counterTotalHint') : undefined}
        onRespond={(action, counter) => {
          if (action === 'withdraw') return;
          respond.mutate(
            { offer, action, ...(counter ?? {}) },
            { onSuccess: () => answered.onSuccess(action), onError: answered.onError },
          );
        }}
      />
      {offer.status === 'accepted' &&
        (isStorefrontOffer(offer.listType) ? (
          <p className="text-sm text-neutral-600 dark:text-neutral-400" data-testid="storefront-offer-hint">
            {t('offers.storefrontAccepted')}
          </p>
        ) : (
          <CreateOrderButton offer={{ anonymousOfferId: offer.id }} />
        ))}
    </article>
  );
}
