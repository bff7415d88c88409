import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { Product } from '@sneakers/shared';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Field, Input, Select } from '../../../components/ui/form';
import { CenteredSpinner } from '../../../components/ui/spinner';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { isDemoRefusal } from '../../../lib/demo/demo-refusal';
import { formatName } from '../../../lib/item-format';
import { useAddToWtb, useProduct } from '../api/queries';
import { sortVariants } from '../model/format';
import { priceToCents } from '../model/product-form';
import { variantSize, wtbFromProduct } from '../model/wtb';

export const WTB_LIST_PATH = '/dashboard/wtb';

export interface AddToWtbDialogProps {
  product: Product | null;
  onClose: () => void;
}

/** "Add to WTB" from a release: pick a size (the product's variants) and a target price. */
export function AddToWtbDialog({ product, onClose }: AddToWtbDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={product !== null}
      onOpenChange={(open) => !open && onClose()}
      title={t('catalog.wtb.title')}
      description={product ? t('catalog.wtb.description', { name: formatName(product.name) }) : undefined}
      closeLabel={t('common.close')}
      testId="add-wtb-dialog"
    >
      {/* Mounted per product: a new Idempotency-Key and fresh choices each time. */}
      {product && <WtbForm key={product.id} product={product} onDone={onClose} />}
    </Dialog>
  );
}

function WtbForm({ product, onDone }: { product: Product; onDone: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const navigate = useNavigate();
  const detail = useProduct(product.id);
  const add = useAddToWtb();
  const [idempotencyKey] = useState(newIdempotencyKey);
  const [variantId, setVariantId] = useState('');
  const [typedSize, setTypedSize] = useState('');
  const [price, setPrice] = useState(() =>
    product.retailPrice === null ? '' : (product.retailPrice / 100).toFixed(2),
  );
  const [errors, setErrors] = useState<{ size?: string; price?: string }>({});

  if (detail.isPending) return <CenteredSpinner label={t('catalog.wtb.loadingSizes')} className="min-h-24" />;
  const variants = detail.data ? sortVariants(detail.data.variants) : [];
  const variant = variants.find((v) => v.id === variantId) ?? null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (add.isPending) return;
    const size = variant ? variantSize(variant) : typedSize.trim();
    const cents = priceToCents(price);
    const found = {
      ...(size ? {} : { size: t('catalog.wtb.errors.size') }),
      ...(cents !== null && Number.isNaN(cents) ? { price: t('catalog.wtb.errors.price') } : {}),
    };
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    add.mutate(
      { body: wtbFromProduct(product, variant, size, cents), idempotencyKey },
      {
        onSuccess: () => {
          toast.success(t('catalog.wtb.added', { name: formatName(product.name), size }), {
            action: { label: t('catalog.wtb.viewList'), onClick: () => void navigate(WTB_LIST_PATH) },
          });
          onDone();
        },
        onError: (error) => isDemoRefusal(error) || toast.error(t('catalog.wtb.error')),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate data-testid="add-wtb-form" className="flex flex-col gap-4">
      {variants.length > 0 ? (
        <Field id={`${id}-size`} label={`${t('catalog.wtb.size')} *`} error={errors.size}>
          <Select
            id={`${id}-size`}
            data-testid="add-wtb-size"
            value={variantId}
            aria-invalid={Boolean(errors.size)}
            aria-describedby={errors.size ? `${id}-size-error` : undefined}
            onChange={(e) => setVariantId(e.target.value)}
          >
            <option value="">{t('catalog.wtb.chooseSize')}</option>
            {variants.map((v) => (
              <option key={v.id} value={v.id}>
                {variantSize(v)}
              </option>
            ))}
          </Select>
        </Field>
      ) : (
        <Field
          id={`${id}-size`}
          label={`${t('catalog.wtb.size')} *`}
          hint={detail.isError ? t('catalog.wtb.sizesFailed') : t('catalog.wtb.noSizes')}
          error={errors.size}
        >
          <Input
            id={`${id}-size`}
            data-testid="add-wtb-size-text"
            value={typedSize}
            placeholder="EU 42.5"
            aria-invalid={Boolean(errors.size)}
            aria-describedby={errors.size ? `${id}-size-error` : `${id}-size-hint`}
            onChange={(e) => setTypedSize(e.target.value)}
          />
        </Field>
      )}
      <Field
        id={`${id}-price`}
        label={`${t('catalog.wtb.targetPrice')} (${product.currency})`}
        hint={t('catalog.wtb.priceHint')}
        error={errors.price}
      >
        <Input
          id={`${id}-price`}
          data-testid="add-wtb-price"
          type="number"
          inputMode="decimal"
          min={0}
          step={0.01}
          value={price}
          aria-invalid={Boolean(errors.price)}
          aria-describedby={errors.price ? `${id}-price-error` : `${id}-price-hint`}
          onChange={(e) => setPrice(e.target.value)}
        />
      </Field>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onDone}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" data-testid="add-wtb-confirm" disabled={add.isPending}>
          {add.isPending ? t('catalog.wtb.adding') : t('catalog.wtb.confirm')}
        </Button>
      </div>
    </form>
  );
}
