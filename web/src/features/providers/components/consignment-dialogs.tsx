import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ApiError, formatMoney, type Consignment, type Currency } from '@sneakers/shared';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Field, Input } from '../../../components/ui/form';
import { CatalogPicker, looksLikeSku, type CatalogPick } from '../../../components/catalog-picker';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { useCreateConsignment, useMarkConsignmentSold } from '../api/queries';
import {
  CONSIGNMENT_CONFLICTS,
  consignmentFieldErrors,
  emptyConsignmentDraft,
  parseAmount,
  validateConsignmentDraft,
  type ConsignmentDraft,
  type ConsignmentDraftErrors,
  type ConsignmentField,
} from '../model/consignment-form';
import { isDemoRefusal } from '../../../lib/demo/demo-refusal';

/** The toast description of a failed consignment call: the 409 codes' own message first. */
export function consignmentErrorDescription(error: Error, t: (key: string) => string): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const conflict = CONSIGNMENT_CONFLICTS.find((code) => code === error.code);
  return conflict ? t(`providers.consignments.errors.${conflict}`) : error.message;
}

const MAX_LENGTHS: Record<Exclude<ConsignmentField, 'notes' | 'price'>, number> = {
  itemSku: 40,
  itemName: 160,
  itemBrand: 60,
  size: 20,
};

const textareaClass =
  'w-full rounded-md border border-neutral-300 bg-white p-3 text-sm dark:border-neutral-700 dark:bg-neutral-900';

export interface AddConsignmentDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  providerId: string;
  /** The store's currency (the server's default when unknown). */
  currency?: Currency;
}

/** Add a consignment to an approved provider. */
export function AddConsignmentDialog({
  open,
  onOpenChange,
  providerId,
  currency,
}: AddConsignmentDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('providers.consignments.form.title')}
      description={t('providers.form.requiredNote')}
      closeLabel={t('common.close')}
      testId="consignment-form-dialog"
      className="max-w-xl"
    >
      {/* Mounted only while open: each opening starts empty with a new idempotency key. */}
      {open && (
        <ConsignmentForm
          providerId={providerId}
          currency={currency}
          onCancel={() => onOpenChange(false)}
          onSaved={() => onOpenChange(false)}
        />
      )}
    </Dialog>
  );
}

function ConsignmentForm({
  providerId,
  currency,
  onSaved,
  onCancel,
}: {
  providerId: string;
  currency?: Currency;
  onSaved: () => void;
  onCancel: () => void;
}) {
  const { t, i18n } = useTranslation();
  const id = useId();
  // One key per opening of the form: a retried submit creates one consignment.
  const [idempotencyKey] = useState(newIdempotencyKey);
  const [draft, setDraft] = useState<ConsignmentDraft>(emptyConsignmentDraft);
  const [errors, setErrors] = useState<ConsignmentDraftErrors>({});
  // The catalogue product (and size) picked, as items and bookings pick theirs: its brand
  // then reaches the sale and the overview's sales by brand.
  const [pick, setPick] = useState<CatalogPick | null>(null);
  const create = useCreateConsignment(providerId);
  // A picked variant is the size; a product without sizes in the catalogue takes a typed one.
  const sizeFromCatalog = Boolean(pick?.productVariantId);

  const change = (field: ConsignmentField, value: string) => {
    setDraft((d) => ({ ...d, [field]: value }));
    setErrors((e) => (e[field] ? { ...e, [field]: undefined } : e));
  };

  const onPick = (next: CatalogPick | null) => {
    setPick(next);
    if (!next) return;
    setDraft((d) => ({
      ...d,
      itemSku: next.sku,
      itemName: next.name,
      itemBrand: next.brand,
      size: next.size ?? d.size,
    }));
    setErrors(({ itemSku: _sku, itemName: _name, itemBrand: _brand, size: _size, ...rest }) => rest);
  };

  // "Enter details manually": what was typed goes to the SKU or the name, and focus follows.
  const enterManually = (query: string) => {
    const key = looksLikeSku(query) ? 'itemSku' : 'itemName';
    if (query && !draft[key].trim()) change(key, query);
    document.getElementById(`${id}-${query ? key : 'itemSku'}`)?.focus();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (create.isPending) return;
    const result = validateConsignmentDraft(
      draft,
      currency,
      pick && {
        productCatalogId: pick.productCatalogId,
        productVariantId: pick.productVariantId,
        colorway: pick.colorway,
        imageUrl: pick.imageUrl,
      },
    );
    if (!result.payload) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    create.mutate(
      { body: result.payload, idempotencyKey },
      {
        onSuccess: (consignment) => {
          toast.success(t('providers.consignments.toast.created', { name: consignment.itemName }));
          onSaved();
        },
        onError: (error) => {
          if (isDemoRefusal(error)) return;
          if (error instanceof ApiError) {
            const fields = consignmentFieldErrors(error.fields);
            if (Object.keys(fields).length > 0) setErrors(fields);
          }
          toast.error(t('providers.consignments.toast.createError'), {
            description: consignmentErrorDescription(error, t),
          });
          if (error instanceof ApiError && error.code === 'PROVIDER_NOT_APPROVED') onCancel();
        },
      },
    );
  };

  const field = (key: ConsignmentField, required: boolean) => {
    const fieldId = `${id}-${key}`;
    const error = errors[key];
    const label = t(`providers.consignments.form.${key}`);
    return (
      <Field
        id={fieldId}
        label={
          <>
            {key === 'price' && currency ? `${label} (${currency})` : label}
            {required ? (
              <span aria-hidden="true"> *</span>
            ) : (
              <span className="font-normal text-neutral-500"> {t('providers.form.optional')}</span>
            )}
          </>
        }
        error={error ? (i18n.exists(error) ? t(error) : error) : undefined}
        className={key === 'itemName' || key === 'notes' ? 'sm:col-span-2' : undefined}
      >
        {key === 'notes' ? (
          <textarea
            id={fieldId}
            name={key}
            data-testid={`consignment-form-${key}`}
            rows={3}
            maxLength={2000}
            value={draft[key]}
            aria-invalid={Boolean(error)}
            aria-describedby={error ? `${fieldId}-error` : undefined}
            onChange={(e) => change(key, e.target.value)}
            className={textareaClass}
          />
        ) : (
          <Input
            id={fieldId}
            name={key}
            data-testid={`consignment-form-${key}`}
            value={draft[key]}
            onChange={(e) => change(key, e.target.value)}
            required={required}
            aria-required={required}
            aria-invalid={Boolean(error)}
            aria-describedby={error ? `${fieldId}-error` : undefined}
            autoComplete="off"
            {...(key === 'price'
              ? { type: 'number', inputMode: 'decimal' as const, min: 0, step: 0.01 }
              : { type: 'text', maxLength: MAX_LENGTHS[key] })}
          />
        )}
      </Field>
    );
  };

  return (
    <form onSubmit={submit} noValidate data-testid="consignment-form" className="flex flex-col gap-4">
      <fieldset className="flex flex-col gap-4" data-testid="consignment-form-product">
        <legend className="mb-2 text-sm font-semibold">
          {t('providers.consignments.form.product')}
          <span aria-hidden="true"> *</span>
        </legend>
        <CatalogPicker
          value={pick}
          onChange={onPick}
          onManual={enterManually}
          preferredSizes={draft.size.trim() ? [draft.size] : []}
          error={pick ? (errors.size ?? errors.itemName ?? errors.itemSku) : undefined}
        />
        {!pick && (
          <div className="grid gap-4 sm:grid-cols-2">
            {field('itemSku', true)}
            {field('itemBrand', false)}
            {field('itemName', true)}
          </div>
        )}
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        {!sizeFromCatalog && field('size', true)}
        {field('price', true)}
        {field('notes', false)}
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" data-testid="consignment-form-submit" disabled={create.isPending}>
          {create.isPending ? t('providers.form.saving') : t('providers.consignments.form.save')}
        </Button>
      </div>
    </form>
  );
}

export interface MarkSoldDialogProps {
  /** The consignment being sold; closed when null. */
  consignment: Consignment | null;
  onOpenChange: (open: boolean) => void;
  providerId: string;
}

/** Asks the sale price, then marks an in-stock consignment sold. */
export function MarkSoldDialog({ consignment, onOpenChange, providerId }: MarkSoldDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={consignment !== null}
      onOpenChange={onOpenChange}
      title={t('providers.consignments.sold.title')}
      description={
        consignment
          ? t('providers.consignments.sold.body', {
              name: consignment.itemName,
              size: consignment.size,
            })
          : undefined
      }
      closeLabel={t('common.close')}
      testId="consignment-sold-dialog"
    >
      {consignment && (
        <MarkSoldForm
          key={consignment.id}
          consignment={consignment}
          providerId={providerId}
          onDone={() => onOpenChange(false)}
        />
      )}
    </Dialog>
  );
}

function MarkSoldForm({
  consignment,
  providerId,
  onDone,
}: {
  consignment: Consignment;
  providerId: string;
  onDone: () => void;
}) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();
  const sold = useMarkConsignmentSold(providerId);
  const fieldId = `${id}-salePrice`;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (sold.isPending) return;
    const salePrice = parseAmount(value);
    if (salePrice === undefined) {
      setError(t('providers.consignments.sold.errors.salePrice'));
      return;
    }
    setError(undefined);
    sold.mutate(
      { consignmentId: consignment.id, salePrice },
      {
        onSuccess: (saved) => {
          toast.success(t('providers.consignments.toast.sold', { name: saved.itemName }));
          onDone();
        },
        onError: (failure) => {
          if (isDemoRefusal(failure)) return;
          const fieldError = failure instanceof ApiError ? failure.fields?.salePrice?.[0] : undefined;
          if (fieldError) setError(fieldError);
          toast.error(t('providers.consignments.toast.soldError'), {
            description: consignmentErrorDescription(failure, t),
          });
          if (failure instanceof ApiError && failure.code === 'CONSIGNMENT_NOT_IN_STOCK') onDone();
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate data-testid="consignment-sold-form" className="flex flex-col gap-4">
      <p className="text-sm text-neutral-600 dark:text-neutral-400">
        {t('providers.consignments.agreedPrice')}:{' '}
        <span className="font-medium tabular-nums">
          {formatMoney({ amount: consignment.price, currency: consignment.currency }, i18n.language)}
        </span>
      </p>
      <Field
        id={fieldId}
        label={
          <>
            {t('providers.consignments.sold.salePrice')} ({consignment.currency})
            <span aria-hidden="true"> *</span>
          </>
        }
        error={error}
      >
        <Input
          id={fieldId}
          name="salePrice"
          data-testid="consignment-sold-price"
          type="number"
          inputMode="decimal"
          min={0}
          step={0.01}
          required
          aria-required
          aria-invalid={Boolean(error)}
          aria-describedby={error ? `${fieldId}-error` : undefined}
          value={value}
          onChange={(e) => {
            setValue(e.target.value);
            setError(undefined);
          }}
        />
      </Field>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onDone}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" data-testid="consignment-sold-submit" disabled={sold.isPending}>
          {sold.isPending ? t('providers.form.saving') : t('providers.consignments.sold.confirm')}
        </Button>
      </div>
    </form>
  );
}
