import { useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ApiError, formatMoney, PAYMENT_METHODS, type Payment, type PaymentMethod } from '@sneakers/shared';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Field, Input, Select } from '../../../components/ui/form';
import { CenteredSpinner } from '../../../components/ui/spinner';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { isDemoRefusal } from '../../../lib/demo/demo-refusal';
import {
  useAllProviders,
  useCreatePayment,
  usePayableConsignments,
  useProviderBalances,
} from '../api/queries';
import { keepPayable, localToday, selectable, selectionOf, toggled } from '../model/pay-form';

export interface PayProviderDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The provider to pay, preselected (a balance row's Pay, or its page); otherwise the dialog asks which. */
  providerId?: string;
  /** On the provider's own page: no choosing another provider. */
  lockProvider?: boolean;
  onPaid?: (payment: Payment) => void;
}

const textareaClass =
  'w-full rounded-md border border-neutral-300 bg-white p-3 text-sm dark:border-neutral-700 dark:bg-neutral-900';

/** Records a payment to a provider for some of its sold, unpaid consignments. */
export function PayProviderDialog({
  open,
  onOpenChange,
  providerId,
  lockProvider = false,
  onPaid,
}: PayProviderDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('payments.pay.title')}
      description={t('payments.pay.description')}
      closeLabel={t('common.close')}
      testId="pay-provider-dialog"
      className="max-w-xl"
    >
      {/* Mounted only while open: each opening starts fresh with a new idempotency key. */}
      {open && (
        <PayForm
          initialProviderId={providerId}
          lockProvider={lockProvider && Boolean(providerId)}
          onCancel={() => onOpenChange(false)}
          onPaid={(payment) => {
            onPaid?.(payment);
            onOpenChange(false);
          }}
        />
      )}
    </Dialog>
  );
}

function PayForm({
  initialProviderId,
  lockProvider,
  onCancel,
  onPaid,
}: {
  initialProviderId?: string;
  lockProvider: boolean;
  onCancel: () => void;
  onPaid: (payment: Payment) => void;
}) {
  const { t, i18n } = useTranslation();
  const id = useId();
  // One key per opening of the dialog: a retried submit records one payment.
  const [idempotencyKey, setIdempotencyKey] = useState(newIdempotencyKey);
  const [providerId, setProviderId] = useState<string | null>(initialProviderId ?? null);
  const [selected, setSelected] = useState<Set<string>>(() => new Set());
  const [method, setMethod] = useState<PaymentMethod>('bank_transfer');
  const [date, setDate] = useState(localToday);
  const [notes, setNotes] = useState('');
  const [notify, setNotify] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [conflict, setConflict] = useState(false);
  const providers = useAllProviders(!lockProvider);
  const balances = useProviderBalances();
  const payable = usePayableConsignments(providerId);
  const create = useCreatePayment();
  const consignments = useMemo(() => payable.data ?? [], [payable.data]);
  const selection = selectionOf(consignments, selected);

  // A refreshed list (after a 409, say) keeps only what can still be paid.
  useEffect(() => {
    if (payable.data) setSelected((s) => keepPayable(s, payable.data));
  }, [payable.data]);

  const money = (amount: number, currency: Parameters<typeof formatMoney>[0]['currency']) =>
    formatMoney({ amount, currency }, i18n.language);
  const owedBy = (pid: string) => balances.data?.filter((b) => b.providerId === pid) ?? [];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (create.isPending || !providerId) return;
    if (selection.count === 0) {
      setError(t('payments.pay.errors.noneSelected'));
      return;
    }
    setError(null);
    setConflict(false);
    create.mutate(
      {
        body: {
          providerId,
          consignmentIds: [...selected],
          paymentMethod: method,
          paymentDate: date || undefined,
          notes: notes.trim() || null,
          notifyProvider: notify,
        },
        idempotencyKey,
      },
      {
        onSuccess: (payment) => {
          toast.success(
            t('payments.toast.created', { amount: money(payment.totalAmount, payment.currency) }),
          );
          onPaid(payment);
        },
        onError: (failure) => {
          if (isDemoRefusal(failure)) return;
          if (failure instanceof ApiError && failure.code === 'CONSIGNMENT_NOT_PAYABLE') {
            // Another payment got there first: the list refetches (onSettled); a new pick is a new request.
            setConflict(true);
            setIdempotencyKey(newIdempotencyKey());
            return;
          }
          toast.error(t('payments.toast.createError'), {
            description: failure instanceof ApiError ? failure.message : undefined,
          });
        },
      },
    );
  };

  const providerOptions = (providers.data ?? []).slice().sort((a, b) => {
    const owes = Number(owedBy(b.id).length > 0) - Number(owedBy(a.id).length > 0);
    return owes || a.name.localeCompare(b.name, i18n.language);
  });

  let list;
  if (!providerId) list = null;
  else if (payable.isPending) list = <CenteredSpinner label={t('common.loading')} className="min-h-24" />;
  else if (payable.isError)
    list = (
      <div
        role="alert"
        data-testid="pay-consignments-error"
        className="flex flex-col items-center gap-2 text-sm"
      >
        {t('payments.pay.loadError')}
        <Button size="sm" variant="outline" onClick={() => void payable.refetch()}>
          {t('errors.retry')}
        </Button>
      </div>
    );
  else if (consignments.length === 0)
    list = (
      <p role="status" data-testid="pay-consignments-empty" className="text-sm text-neutral-500">
        {t('payments.pay.nothingOwed')}
      </p>
    );
  else
    list = (
      <fieldset
        className="flex flex-col gap-2"
        aria-describedby={error ? `${id}-selection-error` : undefined}
      >
        <legend className="mb-1 text-sm font-medium">{t('payments.pay.consignments')}</legend>
        <ul className="flex max-h-64 flex-col gap-1 overflow-y-auto">
          {consignments.map((c) => {
            const checked = selected.has(c.id);
            const enabled = selectable(c, selection, checked);
            return (
              <li key={c.id}>
                <label
                  className="flex cursor-pointer items-center gap-3 rounded-lg border border-neutral-200 px-3 py-2 text-sm has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-50 dark:border-neutral-800"
                  data-testid="pay-consignment"
                  data-id={c.id}
                >
                  <input
                    type="checkbox"
                    data-testid="pay-consignment-check"
                    checked={checked}
                    disabled={!enabled}
                    onChange={() => {
                      setSelected((s) => toggled(s, c.id));
                      setError(null);
                    }}
                    className="h-4 w-4 accent-orange-600"
                  />
                  <span className="min-w-0 flex-1 break-words">
                    <span className="font-medium">{c.itemName}</span>
                    <span className="text-neutral-500">
                      {' '}
                      · {c.itemSku} · {t('payments.pay.size', { size: c.size })}
                    </span>
                  </span>
                  <span className="tabular-nums">{money(c.price, c.currency)}</span>
                </label>
              </li>
            );
          })}
        </ul>
      </fieldset>
    );

  return (
    <form onSubmit={submit} noValidate data-testid="pay-form" className="flex flex-col gap-4">
      {!lockProvider && (
        <Field id={`${id}-provider`} label={t('payments.pay.provider')}>
          <Select
            id={`${id}-provider`}
            data-testid="pay-provider"
            value={providerId ?? ''}
            disabled={providers.isPending}
            onChange={(e) => {
              setProviderId(e.target.value || null);
              setSelected(new Set());
              setConflict(false);
            }}
          >
            <option value="">
              {providers.isPending ? t('common.loading') : t('payments.pay.chooseProvider')}
            </option>
            {providerOptions.map((p) => {
              const owed = owedBy(p.id);
              return (
                <option key={p.id} value={p.id}>
                  {owed.length > 0
                    ? t('payments.pay.providerOwed', {
                        name: p.name,
                        amount: owed.map((b) => money(b.owed, b.currency)).join(' + '),
                      })
                    : p.name}
                </option>
              );
            })}
          </Select>
        </Field>
      )}
      {providers.isError && !lockProvider && (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {t('payments.pay.providersError')}
        </p>
      )}
      {conflict && (
        <p
          role="alert"
          data-testid="pay-conflict"
          className="rounded-md bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100"
        >
          {t('payments.pay.alreadyPaid')}
        </p>
      )}
      {list}
      {error ? (
        <p id={`${id}-selection-error`} role="alert" className="text-xs text-red-600 dark:text-red-400">
          {error}
        </p>
      ) : (
        consignments.length > 0 &&
        selection.count === 0 && (
          // Why Record payment is not available yet.
          <p
            id={`${id}-selection-hint`}
            data-testid="pay-selection-hint"
            className="text-xs text-neutral-500"
          >
            {t('payments.pay.errors.noneSelected')}
          </p>
        )
      )}
      <p aria-live="polite" data-testid="pay-total" className="text-sm font-medium">
        {t('payments.pay.total', {
          count: selection.count,
          amount: selection.currency ? money(selection.total, selection.currency) : '—',
        })}
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={`${id}-method`} label={t('payments.fields.method')}>
          <Select
            id={`${id}-method`}
            data-testid="pay-method"
            value={method}
            onChange={(e) => {
              const next = PAYMENT_METHODS.find((m) => m === e.target.value);
              if (next) setMethod(next);
            }}
          >
            {PAYMENT_METHODS.map((m) => (
              <option key={m} value={m}>
                {t(`payments.methods.${m}`)}
              </option>
            ))}
          </Select>
        </Field>
        <Field id={`${id}-date`} label={t('payments.fields.date')}>
          <Input
            id={`${id}-date`}
            type="date"
            data-testid="pay-date"
            value={date}
            onChange={(e) => setDate(e.target.value)}
          />
        </Field>
        <Field
          id={`${id}-notes`}
          label={
            <>
              {t('payments.fields.notes')}
              <span className="font-normal text-neutral-500"> {t('payments.pay.optional')}</span>
            </>
          }
          className="sm:col-span-2"
        >
          <textarea
            id={`${id}-notes`}
            data-testid="pay-notes"
            rows={2}
            maxLength={2000}
            value={notes}
            onChange={(e) => setNotes(e.target.value)}
            className={textareaClass}
          />
        </Field>
      </div>
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          data-testid="pay-notify"
          checked={notify}
          onChange={(e) => setNotify(e.target.checked)}
          className="h-4 w-4 accent-orange-600"
        />
        {t('payments.pay.notify')}
      </label>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
        <Button
          type="submit"
          data-testid="pay-submit"
          // Nothing ticked, nothing to pay: the hint above says so.
          disabled={create.isPending || !providerId || selection.count === 0}
          aria-describedby={
            consignments.length > 0 && selection.count === 0 ? `${id}-selection-hint` : undefined
          }
        >
          {create.isPending ? t('payments.pay.saving') : t('payments.pay.submit')}
        </Button>
      </div>
    </form>
  );
}
