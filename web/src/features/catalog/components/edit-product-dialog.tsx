import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ApiError, CURRENCIES, GENDERS, type Product } from '@sneakers/shared';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Field, Input, Select } from '../../../components/ui/form';
import { isDemoRefusal } from '../../../lib/demo/demo-refusal';
import { useUpdateProduct } from '../api/queries';
import {
  draftFromProduct,
  isProductField,
  toProductUpdate,
  type ProductDraft,
  type ProductField,
} from '../model/product-form';

type Errors = Partial<Record<ProductField, string>>;

export interface EditProductDialogProps {
  product: Product;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export function EditProductDialog({ product, open, onOpenChange }: EditProductDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('catalog.edit.title')}
      closeLabel={t('common.close')}
      testId="edit-product-dialog"
      className="max-w-2xl"
    >
      {/* Mounted per opening: the form starts from the product as it is now. */}
      {open && <ProductForm product={product} onDone={() => onOpenChange(false)} />}
    </Dialog>
  );
}

const TEXT_FIELDS: ReadonlyArray<{
  key: ProductField;
  required?: boolean;
  type?: string;
  inputMode?: 'decimal';
}> = [
  { key: 'name', required: true },
  { key: 'sku', required: true },
  { key: 'brand', required: true },
  { key: 'productType' },
  { key: 'colorway' },
  { key: 'releaseDate', type: 'date' },
  { key: 'retailPrice', inputMode: 'decimal' },
  { key: 'imageUrl', type: 'url' },
  { key: 'marketplaceSlug' },
  { key: 'marketplaceProductId' },
];

function ProductForm({ product, onDone }: { product: Product; onDone: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const update = useUpdateProduct(product.id);
  const [draft, setDraft] = useState<ProductDraft>(() => draftFromProduct(product));
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (update.isPending) return;
    setFormError(null);
    const result = toProductUpdate(draft, product);
    if ('unchanged' in result) {
      onDone();
      return;
    }
    if ('invalid' in result) {
      setErrors(Object.fromEntries(result.invalid.map((key) => [key, t(`catalog.edit.errors.${key}`)])));
      if (result.invalid.length === 0) setFormError(t('catalog.edit.errors.generic'));
      return;
    }
    setErrors({});
    update.mutate(result.body, {
      onSuccess: () => {
        toast.success(t('catalog.edit.saved'));
        onDone();
      },
      onError: (error) => {
        if (isDemoRefusal(error)) return;
        if (error instanceof ApiError && error.fields) {
          const server: Errors = {};
          for (const [key, messages] of Object.entries(error.fields))
            if (isProductField(key) && messages[0]) server[key] = messages[0];
          setErrors(server);
        }
        setFormError(
          error instanceof ApiError && error.code === 'SKU_TAKEN'
            ? t('catalog.edit.errors.skuTaken')
            : error instanceof ApiError && error.status === 403
              ? t('catalog.edit.errors.forbidden')
              : t('catalog.edit.errors.save'),
        );
      },
    });
  };

  const set = (key: ProductField, value: string) => setDraft((d) => ({ ...d, [key]: value }));
  const describedBy = (key: ProductField) => (errors[key] ? `${id}-${key}-error` : undefined);

  return (
    <form onSubmit={submit} noValidate data-testid="edit-product-form" className="flex flex-col gap-4">
      <div className="grid gap-3 sm:grid-cols-2">
        {TEXT_FIELDS.map(({ key, required, type, inputMode }) => (
          <Field
            key={key}
            id={`${id}-${key}`}
            label={`${t(`catalog.fields.${key}`)}${required ? ' *' : ''}`}
            error={errors[key]}
            className={key === 'name' || key === 'imageUrl' ? 'sm:col-span-2' : undefined}
          >
            <Input
              id={`${id}-${key}`}
              data-testid={`edit-${key}`}
              type={type ?? 'text'}
              inputMode={inputMode}
              required={required}
              value={draft[key]}
              aria-invalid={Boolean(errors[key])}
              aria-describedby={describedBy(key)}
              onChange={(e) => set(key, e.target.value)}
            />
          </Field>
        ))}
        <Field id={`${id}-gender`} label={t('catalog.fields.gender')} error={errors.gender}>
          <Select
            id={`${id}-gender`}
            data-testid="edit-gender"
            value={draft.gender}
            aria-invalid={Boolean(errors.gender)}
            aria-describedby={describedBy('gender')}
            onChange={(e) => set('gender', e.target.value)}
          >
            <option value="">{t('catalog.genders.none')}</option>
            {GENDERS.map((gender) => (
              <option key={gender} value={gender}>
                {t(`catalog.genders.${gender}`)}
              </option>
            ))}
          </Select>
        </Field>
        <Field id={`${id}-currency`} label={t('catalog.fields.currency')} error={errors.currency}>
          <Select
            id={`${id}-currency`}
            data-testid="edit-currency"
            value={draft.currency}
            onChange={(e) => set('currency', e.target.value)}
          >
            {CURRENCIES.map((currency) => (
              <option key={currency} value={currency}>
                {currency}
              </option>
            ))}
          </Select>
        </Field>
      </div>
      {formError && (
        <p role="alert" data-testid="edit-error" className="text-sm text-red-600 dark:text-red-400">
          {formError}
        </p>
      )}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onDone}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" data-testid="edit-save" disabled={update.isPending}>
          {update.isPending ? t('catalog.edit.saving') : t('catalog.edit.save')}
        </Button>
      </div>
    </form>
  );
}
