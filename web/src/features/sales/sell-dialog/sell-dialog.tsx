import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import {
  ApiError,
  COURIERS,
  CURRENCIES,
  formatMoney,
  formatSize,
  type Currency,
  type Sale,
} from '@sneakers/shared';
import { COURIER_LABELS } from '@sneakers/shared/rules/shipments';
import { saleProfit } from '@sneakers/shared/rules/sale-money';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Field, Input, Select } from '../../../components/ui/form';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { cn } from '../../../lib/utils';
import { isDemoRefusal } from '../../../lib/demo/demo-refusal';
import {
  boundedCents,
  draftCourierLabel,
  emptySellDraft,
  serverSellErrors,
  validateSellDraft,
  type SellDraft,
  type SellErrors,
  type SellField,
} from './model';
import { CONFLICTS, useClientChoices, useRecordSale } from './sell-queries';
import type { SellDialogProps, SellTarget } from '../../../lib/widget-slots/sell-dialog';

/** Records the sale of an inventory item, a consignment or a virtual product. */
export function SellDialog({ target, onOpenChange, onSold }: SellDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={target !== null}
      onOpenChange={onOpenChange}
      title={t('sell.title')}
      description={target ? t('sell.description', { name: target.name }) : undefined}
      closeLabel={t('common.close')}
      testId="sell-dialog"
      className="max-w-2xl"
    >
      {/* Mounted per opening: each starts fresh with a new idempotency key. */}
      {target && (
        <SellForm
          target={target}
          onCancel={() => onOpenChange(false)}
          onSold={(sale) => {
            onSold?.(sale);
            onOpenChange(false);
          }}
        />
      )}
    </Dialog>
  );
}

const textareaClass =
  'w-full rounded-md border border-neutral-300 bg-white p-3 text-sm dark:border-neutral-700 dark:bg-neutral-900';

function SellForm({
  target,
  onCancel,
  onSold,
}: {
  target: SellTarget;
  onCancel: () => void;
  onSold: (sale: Sale) => void;
}) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const id = useId();
  const [idempotencyKey] = useState(newIdempotencyKey);
  const [draft, setDraft] = useState<SellDraft>(() => emptySellDraft(target, new Date()));
  const [errors, setErrors] = useState<SellErrors>({});
  const [conflict, setConflict] = useState<string | null>(null);
  const record = useRecordSale(target);
  const clients = useClientChoices();

  const change = <K extends keyof SellDraft>(key: K, value: SellDraft[K]) => {
    setDraft((d) => ({ ...d, [key]: value }));
    setErrors((e) => (key in e ? { ...e, [key]: undefined } : e));
  };
  const errorText = (field: SellField) => {
    const error = errors[field];
    // The courier names the tracking error ("This doesn't look like a DHL tracking number").
    const courier = draftCourierLabel(draft) ?? '';
    return error ? (i18n.exists(error) ? t(error, { courier }) : error) : undefined;
  };

  // An amount the API would refuse previews nothing (never a profit of €99,999,999,999,839.00).
  const salePrice = boundedCents(draft.salePrice);
  const fees = boundedCents(draft.fees, true);
  const profit =
    salePrice !== undefined && fees !== undefined && draft.currency === target.currency
      ? saleProfit({ salePrice, purchasePrice: target.cost ?? 0, fees })
      : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (record.isPending) return;
    const result = validateSellDraft(target, draft);
    if (!result.body) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    setConflict(null);
    record.mutate(
      { body: result.body, idempotencyKey },
      {
        onSuccess: (sale) => {
          toast.success(t('sell.toast.sold', { name: sale.name }), {
            action: {
              label: t('sell.toast.view'),
              onClick: () => void navigate(`/dashboard/sale/${sale.id}`),
            },
          });
          onSold(sale);
        },
        onError: (error) => {
          if (isDemoRefusal(error)) return;
          if (error instanceof ApiError) {
            const code = CONFLICTS.find((c) => c === error.code);
            if (code) {
              setConflict(t(`sell.errors.${code}`));
              return;
            }
            if (error.code === 'BUYER_REQUIRED') {
              setErrors({ [draft.buyer === 'client' ? 'clientId' : 'buyerName']: 'sell.errors.buyerName' });
              return;
            }
            if (error.code === 'INVALID_TRACKING_NUMBER') {
              setErrors({ trackingNumber: 'sell.errors.tracking' });
              return;
            }
            if (error.code === 'SIZE_NOT_OFFERED') {
              setErrors({ size: 'sell.errors.SIZE_NOT_OFFERED' });
              return;
            }
            const fields = serverSellErrors(error.fields);
            if (Object.keys(fields).length > 0) setErrors(fields);
          }
          toast.error(t('sell.toast.error'), {
            description: error instanceof ApiError ? error.message : undefined,
          });
        },
      },
    );
  };

  const field = (key: SellField, label: ReactNode, control: ReactNode, className?: string) => (
    <Field id={`${id}-${key}`} label={label} error={errorText(key)} className={className}>
      {control}
    </Field>
  );
  const control = (key: SellField) => ({
    id: `${id}-${key}`,
    name: key,
    'data-testid': `sell-${key}`,
    'aria-invalid': Boolean(errors[key]),
    'aria-describedby': errors[key] ? `${id}-${key}-error` : undefined,
  });
  const required = (label: string) => (
    <>
      {label}
      <span aria-hidden="true"> *</span>
    </>
  );
  const optional = (label: string) => (
    <>
      {label}
      <span className="font-normal text-neutral-500"> {t('sell.optional')}</span>
    </>
  );
  const money = (cents: number, currency: Currency = target.currency) =>
    formatMoney({ amount: Math.abs(cents), currency }, i18n.language);

  const clientChoices = clients.data ?? [];
  const selectedClient = clientChoices.find((c) => c.id === draft.clientId);

  return (
    <form onSubmit={submit} noValidate data-testid="sell-form" className="flex flex-col gap-4">
      {conflict && (
        <p
          role="alert"
          data-testid="sell-conflict"
          className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200"
        >
          {conflict}
        </p>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        {field(
          'size',
          required(t('sell.size')),
          target.sizes.length > 0 ? (
            <Select
              {...control('size')}
              required
              aria-required
              value={draft.size}
              disabled={target.source === 'consignment'}
              onChange={(e) => change('size', e.target.value)}
            >
              <option value="">{t('sell.pickSize')}</option>
              {target.sizes.map((size) => (
                <option key={size} value={size}>
                  {formatSize(size)}
                </option>
              ))}
            </Select>
          ) : (
            <Input
              {...control('size')}
              required
              aria-required
              maxLength={20}
              value={draft.size}
              onChange={(e) => change('size', e.target.value)}
            />
          ),
        )}
        {field(
          'saleDate',
          required(t('sell.saleDate')),
          <Input
            {...control('saleDate')}
            type="date"
            required
            aria-required
            value={draft.saleDate}
            onChange={(e) => change('saleDate', e.target.value)}
          />,
        )}
        {field(
          'salePrice',
          required(t('sell.salePrice')),
          <Input
            {...control('salePrice')}
            type="number"
            inputMode="decimal"
            min={0}
            step={0.01}
            required
            aria-required
            value={draft.salePrice}
            onChange={(e) => change('salePrice', e.target.value)}
          />,
        )}
        {field(
          'fees',
          optional(t('sell.fees')),
          <Input
            {...control('fees')}
            type="number"
            inputMode="decimal"
            min={0}
            step={0.01}
            placeholder="0.00"
            value={draft.fees}
            onChange={(e) => change('fees', e.target.value)}
          />,
        )}
        {field(
          'currency',
          t('sell.currency'),
          <Select
            {...control('currency')}
            value={draft.currency}
            onChange={(e) => {
              const currency = CURRENCIES.find((c) => c === e.target.value);
              if (currency) change('currency', currency);
            }}
          >
            {CURRENCIES.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </Select>,
        )}
        <div className="flex flex-col justify-end gap-1 text-sm" aria-live="polite">
          {profit !== undefined && (
            <p data-testid="sell-profit-preview">
              {t('sell.profitPreview')}{' '}
              <span
                className={cn('font-semibold tabular-nums', profit < 0 && 'text-red-600 dark:text-red-400')}
              >
                {profit < 0 ? `−${money(profit)}` : money(profit)}
              </span>
            </p>
          )}
        </div>
      </div>

      <fieldset className="flex flex-col gap-3 rounded-lg border border-neutral-200 p-3 dark:border-neutral-800">
        <legend className="px-1 text-sm font-medium">{t('sell.buyer')}</legend>
        <div className="flex flex-wrap gap-4">
          {(['client', 'name'] as const).map((kind) => (
            <label key={kind} className="inline-flex items-center gap-2 text-sm">
              <input
                type="radio"
                name={`${id}-buyer`}
                value={kind}
                data-testid={`sell-buyer-${kind}`}
                checked={draft.buyer === kind}
                onChange={() => change('buyer', kind)}
                className="h-4 w-4 accent-orange-600"
              />
              {t(`sell.buyerKind.${kind}`)}
            </label>
          ))}
        </div>
        {draft.buyer === 'client'
          ? field(
              'clientId',
              required(t('sell.client')),
              clients.isError ? (
                <p role="alert" className="text-sm">
                  {t('sell.clientsError')}{' '}
                  <Button size="sm" variant="outline" onClick={() => void clients.refetch()}>
                    {t('errors.retry')}
                  </Button>
                </p>
              ) : (
                <Select
                  {...control('clientId')}
                  required
                  aria-required
                  aria-busy={clients.isPending}
                  value={draft.clientId}
                  onChange={(e) => change('clientId', e.target.value)}
                >
                  <option value="">{clients.isPending ? t('common.loading') : t('sell.pickClient')}</option>
                  {clientChoices.map((c) => (
                    <option key={c.id} value={c.id}>
                      {c.email ? `${c.name} (${c.email})` : c.name}
                    </option>
                  ))}
                </Select>
              ),
            )
          : field(
              'buyerName',
              required(t('sell.buyerName')),
              <Input
                {...control('buyerName')}
                required
                aria-required
                maxLength={120}
                autoComplete="off"
                value={draft.buyerName}
                onChange={(e) => change('buyerName', e.target.value)}
              />,
            )}
        {draft.buyer === 'client' && (
          <label className="inline-flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              data-testid="sell-notify"
              checked={draft.notifyClient}
              onChange={(e) => change('notifyClient', e.target.checked)}
              className="h-4 w-4 accent-orange-600"
            />
            {t('sell.notifyClient')}
            {selectedClient && !selectedClient.email && (
              <span className="text-xs text-neutral-500">{t('sell.noEmail')}</span>
            )}
          </label>
        )}
      </fieldset>

      <div className="grid gap-4 sm:grid-cols-2">
        {field(
          'shippingCarrier',
          optional(t('sell.shippingCarrier')),
          <>
            <Input
              {...control('shippingCarrier')}
              maxLength={60}
              autoComplete="off"
              list={`${id}-couriers`}
              value={draft.shippingCarrier}
              onChange={(e) => change('shippingCarrier', e.target.value)}
            />
            {/* The couriers whose tracking format is known (and checked); any other name is kept as typed. */}
            <datalist id={`${id}-couriers`}>
              {COURIERS.filter((c) => c !== 'other').map((c) => (
                <option key={c} value={COURIER_LABELS[c]} />
              ))}
            </datalist>
          </>,
        )}
        {field(
          'trackingNumber',
          optional(t('sell.trackingNumber')),
          <Input
            {...control('trackingNumber')}
            maxLength={60}
            autoComplete="off"
            value={draft.trackingNumber}
            onChange={(e) => change('trackingNumber', e.target.value)}
          />,
        )}
        {field(
          'notes',
          optional(t('sell.notes')),
          <textarea
            {...control('notes')}
            rows={3}
            maxLength={2000}
            value={draft.notes}
            onChange={(e) => change('notes', e.target.value)}
            className={textareaClass}
          />,
          'sm:col-span-2',
        )}
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" data-testid="sell-submit" disabled={record.isPending}>
          {record.isPending ? t('sell.saving') : t('sell.submit')}
        </Button>
      </div>
    </form>
  );
}
