import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { formatMoney, type Booking } from '@sneakers/shared';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Field, Input } from '../../../components/ui/form';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { useCreateWtbFromBooking } from '../api/queries';
import { centsToInput, parseTargetPrice } from '../model/bookings';
import { isDemoRefusal } from '../../../lib/demo/demo-refusal';

export interface WtbDialogProps {
  booking: Booking;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The booking's WTB item: just made, or the one it already had. */
  onDone: (itemId: string, created: boolean) => void;
}

/**
 * Create WTB (issue 11): the store confirms or changes the public target price before the
 * item is published, so the client's price is never published by accident.
 */
export function WtbDialog({ booking, open, onOpenChange, onDone }: WtbDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('bookings.wtb.title')}
      description={t('bookings.wtb.description', { name: booking.itemName, size: booking.size })}
      closeLabel={t('common.close')}
      testId="booking-wtb-dialog"
    >
      {/* Mounted per opening: a new Idempotency-Key and the price starting again from the sale price. */}
      {open && <WtbForm booking={booking} onCancel={() => onOpenChange(false)} onDone={onDone} />}
    </Dialog>
  );
}

function WtbForm({
  booking,
  onCancel,
  onDone,
}: {
  booking: Booking;
  onCancel: () => void;
  onDone: WtbDialogProps['onDone'];
}) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [idempotencyKey] = useState(newIdempotencyKey);
  const [price, setPrice] = useState(() => centsToInput(booking.salePrice));
  const [error, setError] = useState<string | null>(null);
  const create = useCreateWtbFromBooking();
  const sale = formatMoney({ amount: booking.salePrice, currency: booking.currency }, i18n.language);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (create.isPending) return;
    const parsed = parseTargetPrice(price);
    if ('error' in parsed) {
      setError(t(parsed.error));
      return;
    }
    setError(null);
    create.mutate(
      { booking, targetPrice: parsed.price, idempotencyKey },
      {
        onSuccess: ({ item, created }) => {
          toast.success(t(created ? 'bookings.toast.wtbCreated' : 'bookings.toast.wtbExists'));
          onDone(item.id, created);
        },
        onError: (failure) =>
          isDemoRefusal(failure) ||
          toast.error(t('bookings.toast.errorTitle'), { description: t('bookings.toast.wtbError') }),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4" data-testid="booking-wtb-form">
      <Field
        id={`${id}-price`}
        label={`${t('bookings.wtb.targetPrice')} (${booking.currency})`}
        hint={t('bookings.wtb.hint', { price: sale })}
        error={error}
      >
        <Input
          id={`${id}-price`}
          data-testid="booking-wtb-price"
          type="number"
          inputMode="decimal"
          min={0}
          step={0.01}
          value={price}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? `${id}-price-error` : `${id}-price-hint`}
          onChange={(e) => setPrice(e.target.value)}
        />
      </Field>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" data-testid="booking-wtb-confirm" disabled={create.isPending}>
          {create.isPending ? t('bookings.wtb.publishing') : t('bookings.wtb.confirm')}
        </Button>
      </div>
    </form>
  );
}
