import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toCents, type Currency } from '@sneakers/shared';
import type { OfferAction } from '@sneakers/shared/rules/offer-transitions';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Field, Input, inputClass } from '../../../components/ui/form';
import { cn } from '../../../lib/utils';

/** Cents of a typed counter price, or null while it is not an amount. */
function centsOf(text: string): number | null {
  try {
    return toCents(text);
  } catch {
    return null;
  }
}

export interface RespondControlsProps {
  actions: readonly OfferAction[];
  currency: Currency;
  pending: boolean;
  /** What Accept agrees to, for the confirmation ("Accept this offer at €300.00?"). */
  acceptPrice: string;
  /** Said in the counter dialog (an anonymous offer's counter is one price for all its lines). */
  counterHint?: string;
  onRespond: (action: OfferAction, counter?: { price: number; message: string }) => void;
}

/** The buttons of an offer's party: Accept asks first; Counter opens a price and an optional message. */
export function RespondControls({
  actions,
  currency,
  pending,
  acceptPrice,
  counterHint,
  onRespond,
}: RespondControlsProps) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const [countering, setCountering] = useState(false);
  const [price, setPrice] = useState('');
  const [message, setMessage] = useState('');
  const cents = centsOf(price);
  if (actions.length === 0) return null;
  return (
    <div className="flex flex-wrap gap-1">
      {actions.map((action) => (
        <Button
          key={action}
          size="sm"
          variant={action === 'accept' ? 'default' : 'outline'}
          data-testid={`offer-${action}`}
          disabled={pending}
          onClick={() => {
            if (action === 'accept') setConfirming(true);
            else if (action === 'counter') {
              setPrice('');
              setMessage('');
              setCountering(true);
            } else onRespond(action);
          }}
        >
          {t(`offers.actions.${action}`)}
        </Button>
      ))}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('offers.confirmAccept.title')}
        description={t('offers.confirmAccept.description', { price: acceptPrice })}
        confirmLabel={t('offers.actions.accept')}
        confirmVariant="default"
        pending={pending}
        testId="offer-accept-dialog"
        confirmTestId="offer-accept-confirm"
        onConfirm={() => {
          setConfirming(false);
          onRespond('accept');
        }}
      />
      <Dialog
        open={countering}
        onOpenChange={setCountering}
        title={t('offers.counterTitle')}
        description={counterHint}
        closeLabel={t('common.close')}
      >
        <form
          className="flex flex-col gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            if (cents && cents > 0) {
              setCountering(false);
              onRespond('counter', { price: cents, message });
            }
          }}
        >
          <Field id="counter-price" label={`${t('offers.counterPrice')} (${currency})`}>
            <Input
              id="counter-price"
              data-testid="counter-price"
              type="number"
              inputMode="decimal"
              min={0}
              step={0.01}
              value={price}
              onChange={(e) => setPrice(e.target.value)}
            />
          </Field>
          <Field id="counter-message" label={t('offers.counterMessage')}>
            <textarea
              id="counter-message"
              data-testid="counter-message"
              maxLength={1000}
              rows={3}
              className={cn(inputClass, 'h-auto py-2')}
              value={message}
              onChange={(e) => setMessage(e.target.value)}
            />
          </Field>
          <Button type="submit" data-testid="counter-submit" disabled={!cents || cents <= 0 || pending}>
            {t('offers.actions.counter')}
          </Button>
        </form>
      </Dialog>
    </div>
  );
}
