import { useId, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Plus, Trash2 } from 'lucide-react';
import { ApiError, formatMoney, ORDER_LINES_MAX, type Currency, type Order } from '@sneakers/shared';
import { Button } from '../../../components/ui/button';
import { Field, Input, Select } from '../../../components/ui/form';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { CatalogPicker, looksLikeSku, type CatalogPick } from '../../../components/catalog-picker';
import { isDemoRefusal } from '../../../lib/demo/demo-refusal';
import { useAllClients, useCreateOrder } from '../api/queries';
import {
  draftToCreate,
  emptyLine,
  emptyOrderDraft,
  hasErrors,
  runningTotal,
  serverErrors,
  validateOrderDraft,
  type LineField,
  type OrderDraft,
  type OrderDraftErrors,
  type OrderLineDraft,
} from '../model/order-form';

export interface OrderFormProps {
  currency: Currency;
  onSaved: (order: Order) => void;
  onCancel: () => void;
}

type LineText =
  'sku' | 'name' | 'brand' | 'colorway' | 'imageUrl' | 'size' | 'quantity' | 'unitPrice' | 'unitCost';

/** Typing the product or the size by hand unlinks the catalogue variant: it named another one. */
const UNLINKS = new Set<LineText>(['sku', 'name', 'size']);

/** /add-order: a sale order of catalogue products for one of the store's clients. */
export function OrderForm({ currency, onSaved, onCancel }: OrderFormProps) {
  const { t, i18n } = useTranslation();
  const id = useId();
  // One key per opening of the form: a retried submit creates one order.
  const [idempotencyKey] = useState(newIdempotencyKey);
  const [draft, setDraft] = useState<OrderDraft>(emptyOrderDraft);
  const [errors, setErrors] = useState<OrderDraftErrors>({ byLine: {} });
  const clients = useAllClients();
  const create = useCreateOrder();
  const options = useMemo(
    () => [...(clients.data ?? [])].sort((a, b) => a.name.localeCompare(b.name)),
    [clients.data],
  );
  const money = (cents: number) => formatMoney({ amount: cents, currency }, i18n.language);
  const total = runningTotal(draft.lines);
  const tr = (text: string | undefined) => (text ? t(text) : undefined);

  const setLine = (key: string, change: Partial<OrderLineDraft>) =>
    setDraft((d) => ({
      ...d,
      lines: d.lines.map((line) => (line.key === key ? { ...line, ...change } : line)),
    }));
  const setLineText = (key: string, field: LineText, value: string) =>
    setLine(key, { [field]: value, ...(UNLINKS.has(field) ? { productVariantId: null } : {}) });
  const clearLineError = (key: string, ...fields: LineField[]) =>
    setErrors((e) => {
      const line = { ...e.byLine[key] };
      for (const field of fields) delete line[field];
      return { ...e, byLine: { ...e.byLine, [key]: line } };
    });

  const addLine = () => {
    setDraft((d) => ({ ...d, lines: [...d.lines, emptyLine()] }));
    setErrors(({ lines: _lines, ...rest }) => rest);
  };
  const removeLine = (key: string) =>
    setDraft((d) => ({ ...d, lines: d.lines.filter((l) => l.key !== key) }));

  const failed = (error: Error) => {
    if (isDemoRefusal(error)) return;
    if (error instanceof ApiError && error.code === 'CLIENT_NOT_FOUND') {
      setErrors({ byLine: {}, clientId: t('orders.form.errors.clientGone') });
      void clients.refetch();
    } else if (error instanceof ApiError && error.fields) setErrors(serverErrors(error.fields, draft.lines));
    toast.error(t('orders.toast.errorTitle'), { description: t('orders.toast.createError') });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (create.isPending) return;
    const found = validateOrderDraft(draft);
    setErrors(found);
    if (hasErrors(found)) return;
    create.mutate(
      { body: draftToCreate(draft, currency), idempotencyKey },
      {
        onSuccess: (order) => {
          toast.success(t('orders.toast.created'));
          onSaved(order);
        },
        onError: failed,
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate data-testid="order-form" className="flex flex-col gap-6">
      <Field id={`${id}-client`} label={`${t('orders.form.client')} *`} error={tr(errors.clientId)}>
        <Select
          id={`${id}-client`}
          data-testid="order-form-client"
          value={draft.clientId}
          required
          aria-invalid={Boolean(errors.clientId)}
          onChange={(e) => {
            const clientId = e.target.value;
            setDraft((d) => ({ ...d, clientId }));
            setErrors(({ clientId: _c, ...rest }) => rest);
          }}
        >
          <option value="">{clients.isPending ? t('common.loading') : t('orders.form.selectClient')}</option>
          {options.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </Select>
      </Field>
      {clients.isError && (
        <p role="alert" className="text-xs text-red-600 dark:text-red-400">
          {t('orders.form.clientsError')}
        </p>
      )}
      {clients.isSuccess && options.length === 0 && (
        <p data-testid="order-form-no-clients" className="text-sm text-neutral-600 dark:text-neutral-400">
          {t('orders.form.noClients')}
        </p>
      )}
      <ol className="flex flex-col gap-4" aria-label={t('orders.form.lines')}>
        {draft.lines.map((line, index) => (
          <LineEditor
            key={line.key}
            line={line}
            index={index}
            currency={currency}
            errors={errors.byLine[line.key] ?? {}}
            canRemove={draft.lines.length > 1}
            onText={(field, value) => setLineText(line.key, field, value)}
            onPick={(pick) => {
              setLine(
                line.key,
                pick
                  ? {
                      productCatalogId: pick.productCatalogId,
                      productVariantId: pick.productVariantId,
                      sku: pick.sku,
                      name: pick.name,
                      brand: pick.brand,
                      colorway: pick.colorway,
                      imageUrl: pick.imageUrl ?? '',
                      size: pick.size ?? line.size,
                    }
                  : { productCatalogId: null, productVariantId: null },
              );
              if (pick) clearLineError(line.key, 'product', 'size', 'imageUrl');
            }}
            onRemove={() => removeLine(line.key)}
          />
        ))}
      </ol>
      {errors.lines && (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {tr(errors.lines)}
        </p>
      )}
      <Button
        variant="outline"
        className="w-fit"
        data-testid="order-form-add-line"
        disabled={draft.lines.length >= ORDER_LINES_MAX}
        onClick={addLine}
      >
        <Plus aria-hidden="true" className="h-4 w-4" />
        {t('orders.form.addLine')}
      </Button>
      <Field id={`${id}-notes`} label={t('orders.form.notes')} error={tr(errors.notes)}>
        <textarea
          id={`${id}-notes`}
          data-testid="order-form-notes"
          rows={3}
          maxLength={2000}
          value={draft.notes}
          onChange={(e) => {
            const notes = e.target.value;
            setDraft((d) => ({ ...d, notes }));
          }}
          className="w-full rounded-md border border-neutral-300 bg-white p-3 text-sm dark:border-neutral-700 dark:bg-neutral-900"
        />
      </Field>
      <p
        aria-live="polite"
        className="flex items-baseline justify-end gap-2 rounded-lg bg-neutral-50 p-3 dark:bg-neutral-800/50"
      >
        <span className="text-sm">{t('orders.total')}</span>
        <span data-testid="order-form-total" className="text-lg font-bold tabular-nums">
          {money(total)}
        </span>
      </p>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" data-testid="order-form-submit" disabled={create.isPending}>
          {create.isPending ? t('orders.form.saving') : t('orders.form.create')}
        </Button>
      </div>
    </form>
  );
}

interface LineEditorProps {
  line: OrderLineDraft;
  index: number;
  currency: Currency;
  errors: Partial<Record<LineField, string>>;
  canRemove: boolean;
  onText: (field: LineText, value: string) => void;
  onPick: (pick: CatalogPick | null) => void;
  onRemove: () => void;
}

function LineEditor({ line, index, currency, errors, canRemove, onText, onPick, onRemove }: LineEditorProps) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const tr = (text: string | undefined) => (text ? t(text) : undefined);
  const pick: CatalogPick | null = line.productCatalogId
    ? {
        productCatalogId: line.productCatalogId,
        productVariantId: line.productVariantId,
        sku: line.sku,
        name: line.name,
        brand: line.brand,
        colorway: line.colorway,
        imageUrl: line.imageUrl.trim() || null,
        size: line.size || null,
      }
    : null;
  const sizeFromCatalog = Boolean(pick?.productVariantId);
  const enterManually = (query: string) => {
    const key = looksLikeSku(query) ? 'sku' : 'name';
    if (query && !line[key].trim()) onText(key, query);
    document.getElementById(`${id}-${query ? key : 'sku'}`)?.focus();
  };
  const input = (
    field: LineText,
    label: string,
    error: string | undefined,
    extra: Record<string, unknown> = {},
  ) => (
    <Field id={`${id}-${field}`} label={label} error={tr(error)}>
      <Input
        id={`${id}-${field}`}
        data-testid={`order-line-${field}`}
        value={line[field]}
        aria-invalid={Boolean(error)}
        onChange={(e) => onText(field, e.target.value)}
        {...extra}
      />
    </Field>
  );
  const amount = { type: 'number', inputMode: 'decimal', min: 0, step: 0.01 };
  const lineTotal = (() => {
    const n = runningTotal([line]);
    return n > 0 ? formatMoney({ amount: n, currency }, i18n.language) : null;
  })();

  return (
    <li
      data-testid="order-form-line"
      className="flex flex-col gap-4 rounded-xl border border-neutral-200 p-3 sm:p-4 dark:border-neutral-800"
    >
      <div className="flex items-center justify-between gap-2">
        <h2 className="text-sm font-semibold">{t('orders.form.lineTitle', { n: index + 1 })}</h2>
        <div className="flex items-center gap-2">
          {lineTotal && (
            <span data-testid="order-line-total" className="text-sm tabular-nums">
              {lineTotal}
            </span>
          )}
          {canRemove && (
            <Button
              size="icon"
              variant="ghost"
              data-testid="order-line-remove"
              aria-label={t('orders.form.removeLine', { n: index + 1 })}
              onClick={onRemove}
            >
              <Trash2 aria-hidden="true" className="h-4 w-4 text-red-600 dark:text-red-400" />
            </Button>
          )}
        </div>
      </div>
      <CatalogPicker
        value={pick}
        onChange={onPick}
        onManual={enterManually}
        preferredSizes={line.size.trim() ? [line.size] : []}
        error={pick ? tr(errors.size ?? errors.product) : undefined}
      />
      {!pick && (
        <div className="grid gap-4 sm:grid-cols-2">
          {/* One "Product is required": under the SKU while it is missing, else under the name. */}
          {input('sku', `${t('orders.form.sku')} *`, line.sku.trim() ? undefined : errors.product)}
          {input('name', `${t('orders.form.name')} *`, line.sku.trim() ? errors.product : undefined)}
          {input('brand', t('orders.form.brand'), undefined)}
          {input('colorway', t('orders.form.colorway'), undefined)}
          <div className="sm:col-span-2">{input('imageUrl', t('orders.form.imageUrl'), errors.imageUrl)}</div>
        </div>
      )}
      <div className="grid grid-cols-2 gap-4 sm:grid-cols-4">
        {!sizeFromCatalog && input('size', `${t('orders.form.size')} *`, errors.size)}
        {input('quantity', `${t('orders.form.quantity')} *`, errors.quantity, {
          type: 'number',
          inputMode: 'numeric',
          min: 1,
          max: 99,
          step: 1,
        })}
        {input('unitPrice', `${t('orders.form.unitPrice')} (${currency}) *`, errors.unitPrice, amount)}
        {input('unitCost', `${t('orders.form.unitCost')} (${currency})`, errors.unitCost, amount)}
      </div>
    </li>
  );
}
