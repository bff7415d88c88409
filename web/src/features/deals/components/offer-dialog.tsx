import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ApiError, type Deal } from '@sneakers/shared';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Field, Input, Select, inputClass } from '../../../components/ui/form';
import { isDemoRefusal } from '../../../lib/demo/demo-refusal';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { formatName } from '../../../lib/item-format';
import { cn } from '../../../lib/utils';
import { useMakeDealOffer } from '../api/queries';
import { centsInput, parsePrice, suggestedOfferPrice } from '../model/deal-view';

/**
 * Make offer from a deal: the item, a matched size and a price already chosen, so one step
 * where the public list's modal has four (its contact step is for visitors without an
 * account). It sends the same signed-in `POST /api/offers` (docs/product/deals.md#actions).
 */
export function DealOfferDialog({ deal, onClose }: { deal: Deal | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={deal !== null}
      onOpenChange={(open) => !open && onClose()}
      title={t('deals.offer.title')}
      description={deal ? t('deals.offer.description', { partner: deal.partner.businessName }) : undefined}
      closeLabel={t('common.close')}
      testId="deal-offer-dialog"
    >
      {/* Mounted per deal: fresh choices and a new Idempotency-Key each time. */}
      {deal ? <OfferForm key={deal.id} deal={deal} onClose={onClose} /> : null}
    </Dialog>
  );
}

function OfferForm({ deal, onClose }: { deal: Deal; onClose: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [idempotencyKey] = useState(newIdempotencyKey);
  const [size, setSize] = useState(deal.sizes[0]?.theirs ?? '');
  const [price, setPrice] = useState(centsInput(suggestedOfferPrice(deal)));
  const [message, setMessage] = useState('');
  const [touched, setTouched] = useState(false);
  const offer = useMakeDealOffer();
  const cents = parsePrice(price);
  const priceError = touched && cents === null ? t('deals.offer.priceInvalid') : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (cents === null || !size) return;
    offer.mutate(
      { deal, size, offeredPrice: cents, message, idempotencyKey },
      {
        onSuccess: () => {
          toast.success(t('deals.offer.sent'), {
            description: t('deals.offer.sentBody', { partner: deal.partner.businessName }),
          });
          onClose();
        },
        onError: (error) =>
          isDemoRefusal(error) ||
          toast.error(t('deals.offer.failed'), {
            description: error instanceof ApiError ? error.message : t('errors.unexpected'),
          }),
      },
    );
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
      <p className="text-sm font-medium" data-testid="deal-offer-item">
        {formatName(deal.product.name)} · {deal.product.sku.toUpperCase()}
      </p>
      <Field id={`${id}-size`} label={t('deals.offer.size')}>
        <Select
          id={`${id}-size`}
          data-testid="deal-offer-size"
          value={size}
          onChange={(e) => setSize(e.target.value)}
        >
          {deal.sizes.map((s) => (
            <option key={`${s.mine}|${s.theirs}`} value={s.theirs}>
              {s.theirs === s.mine ? s.theirs : `${s.theirs} (${s.mine})`}
            </option>
          ))}
        </Select>
      </Field>
      <Field
        id={`${id}-price`}
        label={t('deals.offer.price', { currency: deal.theirs.currency })}
        error={priceError}
      >
        <Input
          id={`${id}-price`}
          data-testid="deal-offer-price"
          inputMode="decimal"
          value={price}
          onChange={(e) => setPrice(e.target.value)}
          onBlur={() => setTouched(true)}
          aria-invalid={priceError ? true : undefined}
          aria-describedby={priceError ? `${id}-price-error` : undefined}
        />
      </Field>
      <Field id={`${id}-message`} label={t('deals.offer.message')}>
        <textarea
          id={`${id}-message`}
          data-testid="deal-offer-message"
          value={message}
          maxLength={2000}
          rows={3}
          onChange={(e) => setMessage(e.target.value)}
          className={cn(inputClass, 'h-auto py-2')}
        />
      </Field>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onClose}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" data-testid="deal-offer-send" disabled={offer.isPending}>
          {offer.isPending ? t('deals.offer.sending') : t('deals.offer.send')}
        </Button>
      </div>
    </form>
  );
}
