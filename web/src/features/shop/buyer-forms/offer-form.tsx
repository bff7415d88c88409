import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@sneakers/shared/api-client';
import type { StorefrontProduct, StorefrontSize } from '@sneakers/shared/contracts/storefront';
import { buttonClass } from '../../../components/ui/button-styles';
import { Dialog } from '../../../components/ui/dialog';
import { isDemoRefusal } from '../../../lib/demo/demo-refusal';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { useCreateStorefrontOffer } from '../api/offer';
import { shopPrice } from '../model/money';
import {
  EMPTY_OFFER_FORM,
  offerFormErrors,
  storefrontOfferBody,
  type OfferField,
  type OfferFormValues,
} from '../model/offer-form';
import { inputClass } from '../components/shop-frame';

const FIELDS: ReadonlyArray<{
  name: Exclude<OfferField, 'message'>;
  type?: string;
  autoComplete: string;
  inputMode?: 'email' | 'tel' | 'decimal';
}> = [
  { name: 'price', autoComplete: 'off', inputMode: 'decimal' },
  { name: 'name', autoComplete: 'name' },
  { name: 'email', type: 'email', autoComplete: 'email', inputMode: 'email' },
  { name: 'phone', type: 'tel', autoComplete: 'tel', inputMode: 'tel' },
  { name: 'instagram', autoComplete: 'off' },
  { name: 'discord', autoComplete: 'off' },
];

type Outcome = 'taken' | 'gone' | 'limited' | 'failed' | null;

/**
 * "Make an offer" (docs/product/online-store.md#make-an-offer): the visitor's price for one pair
 * of the size, their contact and an optional message, checked as the contract checks them, sent
 * as an anonymous offer to the store; the success state links the offer's status page.
 */
export function OfferForm({
  storeId,
  product,
  size,
  sizeText,
  onClose,
  onSizeTaken,
}: {
  storeId: string;
  product: StorefrontProduct;
  size: StorefrontSize;
  sizeText: string;
  onClose: () => void;
  /** 409 SIZE_NOT_AVAILABLE: the page refreshes its sizes. */
  onSizeTaken: () => void;
}) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const language = i18n.resolvedLanguage === 'es' ? 'es' : 'en';
  const [values, setValues] = useState<OfferFormValues>(EMPTY_OFFER_FORM);
  const [invalid, setInvalid] = useState<Set<OfferField>>(new Set());
  const [outcome, setOutcome] = useState<Outcome>(null);
  const create = useCreateStorefrontOffer();
  // One key per attempt: a retried submit of the same offer is the same offer.
  const attempt = useRef<{ body: string; key: string } | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const price = shopPrice(size.price, product.currency, i18n.resolvedLanguage);

  const set = (name: OfferField, value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    // Instagram or Discord: either one clears the refusal.
    const cleared = name === 'discord' ? 'instagram' : name;
    if (invalid.has(cleared)) setInvalid((s) => new Set([...s].filter((f) => f !== cleared)));
  };

  const submit = () => {
    const body = storefrontOfferBody(
      values,
      { storeId, productId: product.productId, size: size.label },
      language,
    );
    const errors = offerFormErrors(body);
    setInvalid(errors);
    setOutcome(null);
    if (errors.size > 0) {
      setTimeout(() => form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(), 0);
      return;
    }
    const text = JSON.stringify(body);
    if (attempt.current?.body !== text) attempt.current = { body: text, key: newIdempotencyKey() };
    create.mutate(
      { body, idempotencyKey: attempt.current.key },
      {
        onError: (error) => {
          if (isDemoRefusal(error)) return;
          const code = error instanceof ApiError ? error.code : null;
          if (code === 'SIZE_NOT_AVAILABLE') {
            setOutcome('taken');
            onSizeTaken();
          } else if (code === 'PRODUCT_NOT_AVAILABLE' || code === 'STOREFRONT_NOT_FOUND') setOutcome('gone');
          else if (code === 'RATE_LIMITED') setOutcome('limited');
          else setOutcome('failed');
        },
      },
    );
  };

  const errorId = (name: OfferField) => `${id}-${name}-error`;
  const aria = (name: OfferField) => ({
    id: `${id}-${name}`,
    'aria-invalid': invalid.has(name),
    'aria-describedby': invalid.has(name) ? errorId(name) : undefined,
  });
  const label = (name: OfferField) =>
    name === 'price' ? t('shop.offer.price', { currency: product.currency }) : t(`shop.offer.${name}`);

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={t('shop.offer.title', { product: product.name })}
      description={t('shop.offer.description', { size: sizeText, price })}
      closeLabel={t('shop.offer.close')}
      testId="offer-dialog"
    >
      {create.data ? (
        <div role="status" className="grid gap-3" data-testid="offer-sent">
          <p className="rounded-md bg-green-50 p-3 text-sm text-green-900 dark:bg-green-950 dark:text-green-100">
            {t('shop.offer.sent', { store: create.data.offer.storeBusinessName || product.name })}
          </p>
          <a
            className={buttonClass('default', 'lg', 'w-full')}
            href={`/offer-status/${encodeURIComponent(create.data.statusToken)}`}
            data-testid="offer-status-link"
          >
            {t('shop.offer.statusLink')}
          </a>
        </div>
      ) : (
        <form
          ref={form}
          noValidate
          className="grid gap-3"
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          {FIELDS.map(({ name, type, autoComplete, inputMode }) => (
            <div key={name} className="grid gap-1">
              <label htmlFor={`${id}-${name}`} className="text-sm font-medium">
                {label(name)}
              </label>
              <input
                {...aria(name)}
                type={type ?? 'text'}
                autoComplete={autoComplete}
                inputMode={inputMode}
                className={inputClass}
                value={values[name]}
                onChange={(event) => set(name, event.target.value)}
              />
              {invalid.has(name) ? (
                <p id={errorId(name)} className="text-sm text-red-700 dark:text-red-400">
                  {t(`shop.offer.errors.${name}`)}
                </p>
              ) : name === 'instagram' ? (
                <p className="text-xs text-neutral-600 dark:text-neutral-400">{t('shop.offer.socialHint')}</p>
              ) : null}
            </div>
          ))}
          <div className="grid gap-1">
            <label htmlFor={`${id}-message`} className="text-sm font-medium">
              {t('shop.offer.message')}
            </label>
            <textarea
              {...aria('message')}
              rows={3}
              maxLength={2000}
              className={`${inputClass} h-auto py-2`}
              value={values.message}
              onChange={(event) => set('message', event.target.value)}
            />
            {invalid.has('message') ? (
              <p id={errorId('message')} className="text-sm text-red-700 dark:text-red-400">
                {t('shop.offer.errors.message')}
              </p>
            ) : null}
          </div>
          {outcome ? (
            <p
              role="alert"
              className="rounded-md bg-red-50 p-3 text-sm text-red-900 dark:bg-red-950 dark:text-red-100"
            >
              {t(`shop.offer.${outcome}`)}
            </p>
          ) : null}
          <button
            type="submit"
            className={buttonClass('default', 'lg', 'w-full')}
            disabled={create.isPending || outcome === 'taken' || outcome === 'gone'}
          >
            {create.isPending ? t('shop.offer.submitting') : t('shop.offer.submit')}
          </button>
        </form>
      )}
    </Dialog>
  );
}
