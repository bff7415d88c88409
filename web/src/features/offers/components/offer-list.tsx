import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ApiError, formatMoney, formatSize, toCents, type Offer } from '@sneakers/shared';
import { availableActions, type OfferAction } from '@sneakers/shared/rules/offer-transitions';
import { PagedList } from '../../../components/paged-list';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Field, Input } from '../../../components/ui/form';
import { pageItems } from '../../../lib/page-items';
import { useOffers, useRespondToOffer, type OfferBox } from '../api/queries';
import { STATUS_TONE } from './offer-status';
import { isDemoRefusal } from '../../demo';

const ROLE = { received: 'receiver', sent: 'sender' } as const;

/** Cents of a typed counter price, or null while it is not an amount. */
function centsOf(text: string): number | null {
  try {
    return toCents(text);
  } catch {
    return null;
  }
}

/** Offers received or sent, each with the actions its party has now (shared offer rules). */
export function OfferList({ box }: { box: OfferBox }) {
  const { t, i18n } = useTranslation();
  const query = useOffers(box);
  const respond = useRespondToOffer();
  const [countering, setCountering] = useState<Offer | null>(null);
  const [counterPrice, setCounterPrice] = useState('');
  const offers = useMemo(() => pageItems(query.data, (p) => p.offers), [query.data]);
  const money = (cents: number, currency: Offer['currency']) =>
    formatMoney({ amount: cents, currency }, i18n.language);
  const counterCents = centsOf(counterPrice);

  const act = (offer: Offer, action: OfferAction, price?: number) =>
    respond.mutate(
      { offer, action, ...(price === undefined ? {} : { price }) },
      {
        onSuccess: () => {
          toast.success(t(`offers.toast.${action}`));
          setCountering(null);
        },
        onError: (error) =>
          isDemoRefusal(error) ||
          toast.error(t('offers.error.title'), {
            description: error instanceof ApiError ? error.message : t('offers.error.description'),
          }),
      },
    );

  return (
    <>
      <PagedList
        query={query}
        items={offers}
        getKey={(offer) => offer.id}
        label={t(`offers.tabs.${box}`)}
        testId="offers"
        errorText={t('offers.loadError')}
        empty={t('offers.empty')}
        rowTestId="offer-row"
        rowClassName="flex flex-wrap items-center gap-3 rounded-xl border border-neutral-200 bg-white p-3 text-sm dark:border-neutral-800 dark:bg-neutral-900"
        listClassName="flex flex-col gap-2"
        renderItem={(offer) => (
          <>
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
              {availableActions(ROLE[box], offer.status).map((action) => (
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
                    } else act(offer, action);
                  }}
                >
                  {t(`offers.actions.${action}`)}
                </Button>
              ))}
            </div>
          </>
        )}
      />
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
            if (countering && counterCents && counterCents > 0) act(countering, 'counter', counterCents);
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
