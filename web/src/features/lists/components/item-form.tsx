import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { X } from 'lucide-react';
import {
  ApiError,
  BULK_SIZE,
  CURRENCIES,
  formatSize,
  ITEM_VISIBILITIES,
  parseSizes,
  normalizeSizes,
  type Item,
  type ListType,
} from '@sneakers/shared';
import { Button } from '../../../components/ui/button';
import { statusesFor } from '@sneakers/shared/rules/stock';
import { Field, Input, Select } from '../../../components/ui/form';
import { useSaveItem } from '../api/queries';
import {
  draftFromItem,
  draftToPayload,
  emptyDraft,
  LIST_PRICE_FIELD,
  type DraftErrors,
  type ItemDraft,
  type PriceField,
} from '../model/items';
import { isDemoRefusal } from '../../../lib/demo/demo-refusal';
import { CatalogPicker, looksLikeSku, sameSize, type CatalogPick } from '../../../components/catalog-picker';

export interface ItemFormProps {
  listType: ListType;
  currency: Item['currency'];
  item?: Item;
  onSaved: (item: Item) => void;
  onCancel?: () => void;
}

/** Add or edit an item: every field of itemCreateSchema. */
export function ItemForm({ listType, currency, item, onSaved, onCancel }: ItemFormProps) {
  const { t } = useTranslation();
  const id = useId();
  const [draft, setDraft] = useState<ItemDraft>(() =>
    item ? draftFromItem(item) : emptyDraft(currency, listType),
  );
  const [sizeText, setSizeText] = useState('');
  // The size the catalogue pick put in the sizes: a later pick (or size) replaces it. A linked
  // single-size item's one size is its variant's.
  const [linkedSize, setLinkedSize] = useState<string | null>(() =>
    item?.productCatalogId && item.sizes.length === 1 ? (item.sizes[0] ?? null) : null,
  );
  const [errors, setErrors] = useState<DraftErrors>({});
  const save = useSaveItem(item?.id);
  const set = <K extends keyof ItemDraft>(key: K, value: ItemDraft[K]) =>
    setDraft((d) => ({ ...d, [key]: value }));

  // A typed "bulk" ticks the Bulk box (the box is how BULK shows in the form).
  const withTyped = (d: ItemDraft, typed: string[]): ItemDraft => ({
    ...d,
    isBulk: d.isBulk || typed.includes(BULK_SIZE),
    sizes: normalizeSizes([...d.sizes, ...typed.filter((size) => size !== BULK_SIZE)]),
  });

  const addSizes = () => {
    const next = parseSizes(sizeText);
    if (next.length === 0) return;
    setDraft((d) => withTyped(d, next));
    setSizeText('');
  };

  const pick: CatalogPick | null = draft.productCatalogId
    ? {
        productCatalogId: draft.productCatalogId,
        productVariantId: draft.productVariantId,
        sku: draft.sku,
        name: draft.name,
        brand: draft.brand,
        colorway: draft.colorway,
        imageUrl: draft.imageUrl.trim() || null,
        size: linkedSize,
      }
    : null;

  const onPick = (next: CatalogPick | null) => {
    if (!next) {
      // Back to searching: the fields keep what the pick filled, now editable by hand.
      setDraft((d) => ({ ...d, productCatalogId: null, productVariantId: null }));
      return;
    }
    const others = linkedSize ? draft.sizes.filter((s) => !sameSize(s, linkedSize)) : draft.sizes;
    const added = next.size !== null && !others.some((s) => sameSize(s, next.size ?? ''));
    setLinkedSize(added ? next.size : null);
    setDraft((d) => ({
      ...d,
      productCatalogId: next.productCatalogId,
      productVariantId: next.productVariantId,
      sku: next.sku,
      name: next.name,
      brand: next.brand,
      colorway: next.colorway,
      imageUrl: next.imageUrl ?? '',
      sizes: added && next.size ? normalizeSizes([...others, next.size]) : others,
    }));
    setErrors(({ sku: _sku, name: _name, sizes: _sizes, imageUrl: _imageUrl, ...rest }) => rest);
  };

  // "Enter details manually": what was typed goes to the SKU or the name, and focus follows.
  const enterManually = (query: string) => {
    const key = looksLikeSku(query) ? 'sku' : 'name';
    if (query && !draft[key].trim()) set(key, query);
    document.getElementById(`${id}-${query ? key : 'sku'}`)?.focus();
  };

  const removeSize = (size: string) => {
    setDraft((d) => ({
      ...d,
      sizes: d.sizes.filter((s) => s !== size),
      // The picked variant goes with its size.
      ...(linkedSize && sameSize(size, linkedSize) ? { productVariantId: null } : {}),
    }));
    if (linkedSize && sameSize(size, linkedSize)) setLinkedSize(null);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = draftToPayload(withTyped(draft, parseSizes(sizeText)), listType);
    if (!result.payload) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    save.mutate(result.payload, {
      onSuccess: (saved) => {
        toast.success(t(item ? 'lists.toast.updated' : 'lists.toast.created'));
        onSaved(saved);
      },
      onError: (error) =>
        isDemoRefusal(error) ||
        toast.error(t('lists.toast.saveError'), {
          description: error instanceof ApiError ? error.message : undefined,
        }),
    });
  };

  const err = (key: keyof DraftErrors) => (errors[key] ? t(errors[key]) : undefined);
  const text = (key: 'sku' | 'name' | 'brand' | 'colorway' | 'imageUrl' | 'source', required = false) => (
    <Field
      id={`${id}-${key}`}
      label={t(`lists.form.${key}`) + (required ? ' *' : '')}
      error={err(key as keyof DraftErrors)}
    >
      <Input
        id={`${id}-${key}`}
        data-testid={`item-form-${key}`}
        value={draft[key]}
        onChange={(e) => set(key, e.target.value)}
        aria-invalid={Boolean(errors[key as keyof DraftErrors])}
      />
    </Field>
  );
  const sizeHintId = `${id}-size-hint`;
  const money = (key: PriceField) => (
    <Field id={`${id}-${key}`} label={`${t(`lists.form.${key}`)} (${draft.currency})`} error={err(key)}>
      <Input
        id={`${id}-${key}`}
        data-testid={`item-form-${key}`}
        type="number"
        inputMode="decimal"
        min={0}
        step={0.01}
        value={draft[key]}
        onChange={(e) => set(key, e.target.value)}
        aria-invalid={Boolean(errors[key])}
      />
    </Field>
  );

  return (
    <form onSubmit={submit} noValidate data-testid="item-form" className="flex flex-col gap-4">
      <CatalogPicker value={pick} onChange={onPick} onManual={enterManually} preferredSizes={draft.sizes} />
      {!pick && (
        <fieldset className="grid gap-4 sm:grid-cols-2" data-testid="item-form-details">
          <legend className="mb-2 text-sm font-semibold">{t('lists.form.details')}</legend>
          {text('sku', true)}
          {text('name', true)}
          {text('brand')}
          {text('colorway')}
          {text('imageUrl')}
        </fieldset>
      )}
      <div className="grid gap-4 sm:grid-cols-2">{text('source')}</div>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium">{t('lists.form.sizes')} *</legend>
        <label className="inline-flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            data-testid="item-form-bulk"
            checked={draft.isBulk}
            onChange={(e) => set('isBulk', e.target.checked)}
            className="h-4 w-4 accent-orange-600"
          />
          {t('lists.form.bulk')}
        </label>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Input
            aria-label={t('lists.form.addSize')}
            aria-describedby={sizeHintId}
            data-testid="item-form-size-input"
            placeholder={t('lists.form.sizePlaceholder')}
            value={sizeText}
            onChange={(e) => setSizeText(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                addSizes();
              }
            }}
          />
          <Button variant="outline" data-testid="item-form-add-size" onClick={addSizes}>
            {t('lists.form.addSize')}
          </Button>
        </div>
        <p id={sizeHintId} className="text-xs text-neutral-600 dark:text-neutral-400">
          {t('lists.form.sizeHint')}
        </p>
        <ul
          className="flex flex-wrap gap-1.5"
          aria-label={t('lists.form.sizes')}
          data-testid="item-form-sizes"
        >
          {draft.sizes.map((size) => (
            <li
              key={size}
              data-testid="item-form-size"
              className="inline-flex items-center gap-1 rounded-full bg-neutral-100 px-2 py-0.5 text-xs dark:bg-neutral-800"
            >
              {formatSize(size)}
              <button
                type="button"
                aria-label={t('lists.form.removeSize', { size: formatSize(size) })}
                onClick={() => removeSize(size)}
              >
                <X aria-hidden="true" className="h-3 w-3" />
              </button>
            </li>
          ))}
        </ul>

        {errors.sizes && (
          <p role="alert" className="text-xs text-red-600 dark:text-red-400">
            {t(errors.sizes)}
          </p>
        )}
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-3">
        {money(LIST_PRICE_FIELD[listType])}
        {money('purchasePrice')}
        <Field id={`${id}-currency`} label={t('lists.form.currency')}>
          <Select
            id={`${id}-currency`}
            data-testid="item-form-currency"
            value={draft.currency}
            onChange={(e) => set('currency', e.target.value as ItemDraft['currency'])}
          >
            {CURRENCIES.map((c) => (
              <option key={c}>{c}</option>
            ))}
          </Select>
        </Field>
        <Field id={`${id}-purchaseDate`} label={t('lists.form.purchaseDate')}>
          <Input
            id={`${id}-purchaseDate`}
            data-testid="item-form-purchaseDate"
            type="date"
            value={draft.purchaseDate}
            onChange={(e) => set('purchaseDate', e.target.value)}
          />
        </Field>
        <Field id={`${id}-status`} label={t('lists.form.status')}>
          <Select
            id={`${id}-status`}
            data-testid="item-form-status"
            value={draft.status}
            onChange={(e) => set('status', e.target.value as ItemDraft['status'])}
          >
            {statusesFor(listType).map((s) => (
              <option key={s} value={s}>
                {t(`lists.status.${s}`)}
              </option>
            ))}
          </Select>
        </Field>
        <Field id={`${id}-visibility`} label={t('lists.form.visibility')}>
          <Select
            id={`${id}-visibility`}
            data-testid="item-form-visibility"
            value={draft.visibility}
            onChange={(e) => set('visibility', e.target.value as ItemDraft['visibility'])}
          >
            {ITEM_VISIBILITIES.map((v) => (
              <option key={v} value={v}>
                {t(`lists.visibility.${v}`)}
              </option>
            ))}
          </Select>
        </Field>
      </div>
      <label className="inline-flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          data-testid="item-form-urgent"
          checked={draft.urgent}
          onChange={(e) => set('urgent', e.target.checked)}
          className="h-4 w-4 accent-orange-600"
        />
        {t('lists.form.urgent')}
      </label>
      <Field id={`${id}-notes`} label={t('lists.form.notes')}>
        <textarea
          id={`${id}-notes`}
          data-testid="item-form-notes"
          rows={3}
          maxLength={2000}
          value={draft.notes}
          onChange={(e) => set('notes', e.target.value)}
          className="w-full rounded-md border border-neutral-300 bg-white p-3 text-sm dark:border-neutral-700 dark:bg-neutral-900"
        />
      </Field>
      <div className="flex justify-end gap-2">
        {onCancel && (
          <Button variant="outline" onClick={onCancel}>
            {t('common.cancel')}
          </Button>
        )}
        <Button type="submit" data-testid="item-form-submit" disabled={save.isPending}>
          {save.isPending ? t('lists.form.saving') : t('lists.form.save')}
        </Button>
      </div>
    </form>
  );
}
