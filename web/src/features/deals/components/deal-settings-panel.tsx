import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ChevronDown } from 'lucide-react';
import {
  ApiError,
  DEAL_RESALE_FEE_MAX_BPS,
  toCents,
  type Currency,
  type DealSettings,
} from '@sneakers/shared';
import { Button } from '../../../components/ui/button';
import { Field, Input } from '../../../components/ui/form';
import { isDemoRefusal } from '../../../lib/demo/demo-refusal';
import { useDealSettings, useUpdateDealSettings } from '../api/queries';
import { centsInput } from '../model/deal-view';

export type DealRole = 'store' | 'reseller';

/** A typed amount with at most two decimals, in hundredths: "4.50" → 450 cents, "12.5" % → 1250 basis points. */
function hundredths(input: string): number | null {
  try {
    return toCents(input);
  } catch {
    return null;
  }
}

/** A resale fee of 0-100 % in basis points; null otherwise. */
export function feeBasisPoints(input: string): number | null {
  const bps = hundredths(input);
  return bps !== null && bps <= DEAL_RESALE_FEE_MAX_BPS ? bps : null;
}

/**
 * The deals settings, folded under the board: the daily digest and the fee the net margin
 * subtracts (a store's resale fee %, a reseller's shipping per pair; docs/product/deals.md#deal-settings).
 */
export function DealSettingsPanel({ role, currency }: { role: DealRole; currency: Currency }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <section
      data-testid="deal-settings"
      className="rounded-xl border border-neutral-200 bg-white dark:border-neutral-800 dark:bg-neutral-900"
    >
      <h2>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={panelId}
          data-testid="deal-settings-toggle"
          onClick={() => setOpen((value) => !value)}
          className="flex w-full items-center justify-between gap-2 rounded-xl px-4 py-3 text-left text-sm font-semibold focus-visible:outline-2 focus-visible:outline-orange-500"
        >
          {t('deals.settings.title')}
          <ChevronDown aria-hidden="true" className={open ? 'h-4 w-4 rotate-180' : 'h-4 w-4'} />
        </button>
      </h2>
      <div id={panelId} hidden={!open} className="px-4 pb-4">
        {open ? <SettingsLoader role={role} currency={currency} /> : null}
      </div>
    </section>
  );
}

function SettingsLoader({ role, currency }: { role: DealRole; currency: Currency }) {
  const { t } = useTranslation();
  const settings = useDealSettings(true);
  if (settings.isPending) return <p className="text-sm text-neutral-500">{t('common.loading')}</p>;
  if (settings.isError)
    return (
      <div role="alert" className="flex items-center gap-2 text-sm">
        {t('deals.settings.loadError')}
        <Button variant="outline" size="sm" onClick={() => void settings.refetch()}>
          {t('errors.retry')}
        </Button>
      </div>
    );
  return <SettingsForm settings={settings.data} role={role} currency={currency} />;
}

function SettingsForm({
  settings,
  role,
  currency,
}: {
  settings: DealSettings;
  role: DealRole;
  currency: Currency;
}) {
  const { t } = useTranslation();
  const id = useId();
  const update = useUpdateDealSettings();
  const [digest, setDigest] = useState(settings.dailyDigest);
  const [fee, setFee] = useState(String(settings.resaleFeeBasisPoints / 100));
  const [shipping, setShipping] = useState(centsInput(settings.shippingCents));
  const [checked, setChecked] = useState(false);
  const feeValue = feeBasisPoints(fee);
  const shippingValue = hundredths(shipping);
  const feeError =
    checked && role === 'store' && feeValue === null ? t('deals.settings.feeInvalid') : undefined;
  const shippingError =
    checked && role === 'reseller' && shippingValue === null
      ? t('deals.settings.shippingInvalid')
      : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    const body: Partial<DealSettings> = { dailyDigest: digest };
    if (role === 'store') {
      if (feeValue === null) return;
      body.resaleFeeBasisPoints = feeValue;
    } else {
      if (shippingValue === null) return;
      body.shippingCents = shippingValue;
    }
    update.mutate(body, {
      onSuccess: () => toast.success(t('deals.settings.saved')),
      onError: (error) =>
        isDemoRefusal(error) ||
        toast.error(t('deals.settings.failed'), {
          description: error instanceof ApiError ? error.message : undefined,
        }),
    });
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <div className="flex flex-col gap-1">
        <label className="flex items-center gap-2 text-sm font-medium">
          <input
            type="checkbox"
            data-testid="deal-settings-digest"
            checked={digest}
            onChange={(e) => setDigest(e.target.checked)}
            aria-describedby={`${id}-digest-hint`}
            className="h-4 w-4 accent-orange-600"
          />
          {t('deals.settings.digest')}
        </label>
        <p id={`${id}-digest-hint`} className="pl-6 text-xs text-neutral-500 dark:text-neutral-400">
          {t('deals.settings.digestHint')}
        </p>
      </div>
      {role === 'store' ? (
        <Field
          id={`${id}-fee`}
          label={t('deals.settings.fee')}
          hint={t('deals.settings.feeHint')}
          error={feeError}
        >
          <Input
            id={`${id}-fee`}
            data-testid="deal-settings-fee"
            inputMode="decimal"
            value={fee}
            onChange={(e) => setFee(e.target.value)}
            aria-invalid={feeError ? true : undefined}
            aria-describedby={feeError ? `${id}-fee-error` : `${id}-fee-hint`}
            className="sm:w-40"
          />
        </Field>
      ) : (
        <Field
          id={`${id}-shipping`}
          label={t('deals.settings.shipping', { currency })}
          hint={t('deals.settings.shippingHint')}
          error={shippingError}
        >
          <Input
            id={`${id}-shipping`}
            data-testid="deal-settings-shipping"
            inputMode="decimal"
            value={shipping}
            onChange={(e) => setShipping(e.target.value)}
            aria-invalid={shippingError ? true : undefined}
            aria-describedby={shippingError ? `${id}-shipping-error` : `${id}-shipping-hint`}
            className="sm:w-40"
          />
        </Field>
      )}
      <div>
        <Button type="submit" data-testid="deal-settings-save" disabled={update.isPending}>
          {update.isPending ? t('deals.settings.saving') : t('deals.settings.save')}
        </Button>
      </div>
    </form>
  );
}
