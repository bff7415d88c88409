import { useId, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ApiError, CURRENCIES, formatSize, type Currency, type VirtualProduct } from '@sneakers/shared';
import { Button } from '../../../components/ui/button';
import { Field, Input, Select } from '../../../components/ui/form';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { CatalogPicker, looksLikeSku, type CatalogPick } from '../../../components/catalog-picker';
import { isDemoRefusal } from '../../../lib/demo/demo-refusal';
import { useCatalogVariants, useCreateVirtualProduct, useUpdateVirtualProduct } from '../api/queries';
import {
  addTypedSizes,
  draftFrom,
  draftToCreate,
  draftToUpdate,
  emptyDraft,
  serverErrors,
  toggleSize,
  validateDraft,
  variantSizes,
  type DraftErrors,
  type VirtualProductDraft,
} from '../model/virtual-product-form';

export interface VirtualProductFormProps {
  /** The store's currency, for a new product. */
  currency: Currency;
  /** Editing this product; creating without it. */
  product?: VirtualProduct;
  onSaved: (product: VirtualProduct) => void;
  onCancel: () => void;
}

type TextField = 'sku' | 'name' | 'brand' | 'colorway' | 'imageUrl' | 'price' | 'costPrice';
const UNLINKS = new Set<TextField>(['sku', 'name']);

/** /add-virtual-product and the edit of /dashboard/virtual-product/{id}. */
export function VirtualProductForm({ currency, product, onSaved, onCancel }: VirtualProductFormProps) {
  const { t } = useTranslation();
  const id = useId();
  // One key per opening of the form: a retried submit creates one product.
  const [idempotencyKey] = useState(newIdempotencyKey);
  const [draft, setDraft] = useState<VirtualProductDraft>(() =>
    product ? draftFrom(product) : emptyDraft(currency),
  );
  const [errors, setErrors] = useState<DraftErrors>({});
  const [typedSizes, setTypedSizes] = useState('');
  const create = useCreateVirtualProduct();
  const update = useUpdateVirtualProduct(product?.id ?? '');
  const pending = create.isPending || update.isPending;
  const variants = useCatalogVariants(draft.productCatalogId);
  const offered = useMemo(() => variantSizes(variants.data ?? []), [variants.data]);
  // Sizes held that the catalogue does not list (typed by hand, or an older product's).
  const extraSizes = draft.sizes.filter((s) => !offered.some((o) => o.toLowerCase() === s.toLowerCase()));
  const tr = (text: string | undefined) => (text ? t(text) : undefined);

  const set = <K extends keyof VirtualProductDraft>(key: K, value: VirtualProductDraft[K]) =>
    setDraft((d) => ({
      ...d,
      [key]: value,
      ...(UNLINKS.has(key as TextField) ? { productCatalogId: null, productVariantId: null } : {}),
    }));

  const pick: CatalogPick | null = draft.productCatalogId
    ? {
        productCatalogId: draft.productCatalogId,
        productVariantId: null,
        sku: draft.sku,
        name: draft.name,
        brand: draft.brand,
        colorway: draft.colorway,
        imageUrl: draft.imageUrl.trim() || null,
        size: null,
      }
    : null;

  const onPick = (next: CatalogPick | null) => {
    if (!next) {
      setDraft((d) => ({ ...d, productCatalogId: null, productVariantId: null }));
      return;
    }
    setDraft((d) => ({
      ...d,
      productCatalogId: next.productCatalogId,
      // A virtual product offers several sizes: it links the product, not one variant.
      productVariantId: null,
      sku: next.sku,
      name: next.name,
      brand: next.brand,
      colorway: next.colorway,
      imageUrl: next.imageUrl ?? '',
    }));
    setErrors(({ product: _p, sku: _s, name: _n, imageUrl: _i, ...rest }) => rest);
  };

  const enterManually = (query: string) => {
    const key = looksLikeSku(query) ? 'sku' : 'name';
    if (query && !draft[key].trim()) set(key, query);
    document.getElementById(`${id}-${query ? key : 'sku'}`)?.focus();
  };

  const toggle = (size: string) => {
    set('sizes', toggleSize(draft.sizes, size));
    setErrors(({ sizes: _s, ...rest }) => rest);
  };
  const addTyped = () => {
    if (!typedSizes.trim()) return;
    set('sizes', addTypedSizes(draft.sizes, typedSizes));
    setTypedSizes('');
    setErrors(({ sizes: _s, ...rest }) => rest);
  };

  const failed = (error: Error) => {
    if (isDemoRefusal(error)) return;
    if (error instanceof ApiError && error.fields) setErrors(serverErrors(error.fields));
    toast.error(t('virtualProducts.toast.errorTitle'), {
      description: t(product ? 'virtualProducts.toast.updateError' : 'virtualProducts.toast.createError'),
    });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const found = validateDraft(draft);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const done = (saved: VirtualProduct) => {
      toast.success(t(product ? 'virtualProducts.toast.updated' : 'virtualProducts.toast.created'));
      onSaved(saved);
    };
    if (product) update.mutate(draftToUpdate(draft), { onSuccess: done, onError: failed });
    else create.mutate({ body: draftToCreate(draft), idempotencyKey }, { onSuccess: done, onError: failed });
  };

  const text = (key: TextField, label: string, error?: string, extra: Record<string, unknown> = {}) => (
    <Field id={`${id}-${key}`} label={label} error={tr(error)}>
      <Input
        id={`${id}-${key}`}
        data-testid={`vp-form-${key}`}
        value={draft[key]}
        aria-invalid={Boolean(error)}
        onChange={(e) => set(key, e.target.value)}
        {...extra}
      />
    </Field>
  );
  const amount = { type: 'number', inputMode: 'decimal', min: 0, step: 0.01 };
  const chip = (size: string) => {
    const checked = draft.sizes.some((s) => s.toLowerCase() === size.toLowerCase());
    return (
      <label
        key={size}
        className="inline-flex cursor-pointer items-center gap-1.5 rounded-full border border-neutral-300 px-3 py-1 text-sm has-[:checked]:border-orange-600 has-[:checked]:bg-orange-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-orange-500 dark:border-neutral-700 dark:has-[:checked]:bg-orange-950"
      >
        <input
          type="checkbox"
          data-testid="vp-form-size"
          value={size}
          checked={checked}
          onChange={() => toggle(size)}
          className="h-3.5 w-3.5 accent-orange-600"
        />
        {formatSize(size)}
      </label>
    );
  };

  return (
    <form onSubmit={submit} noValidate data-testid="vp-form" className="flex flex-col gap-5">
      <fieldset className="flex flex-col gap-4">
        <legend className="mb-2 text-sm font-semibold">{t('virtualProducts.form.product')} *</legend>
        <CatalogPicker
          value={pick}
          onChange={onPick}
          onManual={enterManually}
          withoutSize
          error={pick ? tr(errors.product) : undefined}
        />
        {!pick && (
          <div className="grid gap-4 sm:grid-cols-2">
            {text('sku', `${t('virtualProducts.form.sku')} *`, errors.sku)}
            {text('name', `${t('virtualProducts.form.name')} *`, errors.name)}
            {text('brand', t('virtualProducts.form.brand'))}
            {text('colorway', t('virtualProducts.form.colorway'))}
            <div className="sm:col-span-2">
              {text('imageUrl', t('virtualProducts.form.imageUrl'), errors.imageUrl)}
            </div>
          </div>
        )}
      </fieldset>
      <fieldset
        className="flex flex-col gap-2"
        aria-describedby={errors.sizes ? `${id}-sizes-error` : undefined}
        data-testid="vp-form-sizes"
      >
        <legend className="mb-1 text-sm font-semibold">{t('virtualProducts.form.sizes')} *</legend>
        {pick && variants.isPending && <p className="text-xs text-neutral-500">{t('common.loading')}</p>}
        {pick && variants.isError && (
          <p role="alert" className="text-xs text-red-600 dark:text-red-400">
            {t('virtualProducts.form.variantsError')}
          </p>
        )}
        {(offered.length > 0 || extraSizes.length > 0) && (
          <div className="flex flex-wrap gap-2">
            {offered.map(chip)}
            {extraSizes.map(chip)}
          </div>
        )}
        {offered.length > 0 && (
          <div className="flex gap-2 text-xs">
            <button
              type="button"
              className="text-orange-700 underline dark:text-orange-400"
              data-testid="vp-form-all-sizes"
              onClick={() => {
                set('sizes', addTypedSizes(draft.sizes, offered.join(',')));
                setErrors(({ sizes: _s, ...rest }) => rest);
              }}
            >
              {t('virtualProducts.form.allSizes')}
            </button>
            <button
              type="button"
              className="text-orange-700 underline dark:text-orange-400"
              onClick={() => set('sizes', [])}
            >
              {t('virtualProducts.form.noSizes')}
            </button>
          </div>
        )}
        <div className="flex gap-2">
          <Input
            aria-label={t('virtualProducts.form.typeSizes')}
            placeholder={t('virtualProducts.form.typeSizesPlaceholder')}
            data-testid="vp-form-typed-sizes"
            value={typedSizes}
            onChange={(e) => setTypedSizes(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                addTyped();
              }
            }}
            className="min-w-0 flex-1"
          />
          <Button variant="outline" data-testid="vp-form-add-sizes" onClick={addTyped}>
            {t('virtualProducts.form.addSizes')}
          </Button>
        </div>
        {errors.sizes && (
          <p id={`${id}-sizes-error`} role="alert" className="text-xs text-red-600 dark:text-red-400">
            {tr(errors.sizes)}
          </p>
        )}
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-3">
        {text('price', `${t('virtualProducts.form.price')} *`, errors.price, amount)}
        {text('costPrice', t('virtualProducts.form.costPrice'), errors.costPrice, amount)}
        <Field id={`${id}-currency`} label={t('virtualProducts.form.currency')}>
          <Select
            id={`${id}-currency`}
            data-testid="vp-form-currency"
            value={draft.currency}
            onChange={(e) => set('currency', e.target.value as Currency)}
          >
            {CURRENCIES.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </Select>
        </Field>
      </div>
      <Field id={`${id}-notes`} label={t('virtualProducts.form.notes')} error={tr(errors.notes)}>
        <textarea
          id={`${id}-notes`}
          data-testid="vp-form-notes"
          rows={3}
          maxLength={2000}
          value={draft.notes}
          onChange={(e) => set('notes', e.target.value)}
          className="w-full rounded-md border border-neutral-300 bg-white p-3 text-sm dark:border-neutral-700 dark:bg-neutral-900"
        />
      </Field>
      <label className="inline-flex items-center gap-2 text-sm font-medium">
        <input
          type="checkbox"
          role="switch"
          data-testid="vp-form-active"
          checked={draft.active}
          onChange={(e) => set('active', e.target.checked)}
          className="h-4 w-4 accent-orange-600"
        />
        {t('virtualProducts.form.active')}
      </label>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" data-testid="vp-form-submit" disabled={pending}>
          {pending
            ? t('virtualProducts.form.saving')
            : t(product ? 'virtualProducts.form.save' : 'virtualProducts.form.create')}
        </Button>
      </div>
    </form>
  );
}
