import { useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@sneakers/shared/api-client';
import type { StorefrontProduct, StorefrontSize } from '@sneakers/shared/contracts/storefront';
import { buttonClass } from '../../../components/ui/button-styles';
import { Dialog } from '../../../components/ui/dialog';
import { isDemoRefusal } from '../../../lib/demo/demo-refusal';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { useCreateCheckout } from '../api/queries';
import {
  buyFormErrors,
  checkoutBody,
  COUNTRIES,
  countryName,
  EMPTY_BUY_FORM,
  type BuyField,
  type BuyFormValues,
} from '../model/buy-form';
import { shopPrice } from '../model/money';
import { inputClass, selectClass } from '../components/shop-frame';
import { pageLocation } from '../../../lib/page-location';

/** Where the buyer goes to pay: the provider's page (a seam for the tests). */
export const paymentPage = { open: (url: string) => pageLocation.assign(url) };

const FIELDS: ReadonlyArray<{
  name: keyof BuyFormValues;
  type?: string;
  autoComplete: string;
  inputMode?: 'email' | 'tel';
}> = [
  { name: 'name', autoComplete: 'name' },
  { name: 'email', type: 'email', autoComplete: 'email', inputMode: 'email' },
  { name: 'phone', type: 'tel', autoComplete: 'tel', inputMode: 'tel' },
  { name: 'line1', autoComplete: 'address-line1' },
  { name: 'line2', autoComplete: 'address-line2' },
  { name: 'city', autoComplete: 'address-level2' },
  { name: 'postalCode', autoComplete: 'postal-code' },
];

type Outcome = 'taken' | 'gone' | 'failed' | null;

/**
 * Buy: the buyer's name, email, phone and shipping address, checked as the contract checks
 * them, then the provider's payment page. The pair is held from here on (the server's hold).
 */
export function BuyDialog({
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
  const [values, setValues] = useState<BuyFormValues>(EMPTY_BUY_FORM);
  const [invalid, setInvalid] = useState<Set<BuyField>>(new Set());
  const [outcome, setOutcome] = useState<Outcome>(null);
  const create = useCreateCheckout(storeId);
  // One key per attempt: a retried submit of the same details is the same checkout; changed
  // details are a new attempt.
  const attempt = useRef<{ body: string; key: string } | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const price = shopPrice(size.price, product.currency, i18n.resolvedLanguage);

  const set = (name: keyof BuyFormValues, value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    if (invalid.has(name)) setInvalid((s) => new Set([...s].filter((f) => f !== name)));
  };

  const submit = () => {
    const body = checkoutBody(values, product.productId, size.label, language);
    const errors = buyFormErrors(body);
    setInvalid(errors);
    setOutcome(null);
    if (errors.size > 0) {
      // The first refused field, once React has marked it.
      setTimeout(() => form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(), 0);
      return;
    }
    const text = JSON.stringify(body);
    if (attempt.current?.body !== text) attempt.current = { body: text, key: newIdempotencyKey() };
    create.mutate(
      { body, idempotencyKey: attempt.current.key },
      {
        onSuccess: ({ url }) => paymentPage.open(url),
        onError: (error) => {
          if (isDemoRefusal(error)) return;
          if (error instanceof ApiError && error.code === 'SIZE_NOT_AVAILABLE') {
            setOutcome('taken');
            onSizeTaken();
          } else if (error instanceof ApiError && error.code === 'PRODUCT_NOT_AVAILABLE') setOutcome('gone');
          else setOutcome('failed');
        },
      },
    );
  };

  const field = (name: keyof BuyFormValues, control: ReactNode) => (
    <div key={name} className="grid gap-1">
      <label htmlFor={`${id}-${name}`} className="text-sm font-medium">
        {t(`shop.buy.${name}`)}
      </label>
      {control}
      {invalid.has(name) ? (
        <p id={`${id}-${name}-error`} className="text-sm text-red-700 dark:text-red-400">
          {t(`shop.buy.errors.${name}`)}
        </p>
      ) : null}
    </div>
  );
  const aria = (name: keyof BuyFormValues) => ({
    id: `${id}-${name}`,
    'aria-invalid': invalid.has(name),
    'aria-describedby': invalid.has(name) ? `${id}-${name}-error` : undefined,
  });

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={t('shop.buy.title', { product: product.name })}
      description={t('shop.buy.description', { size: sizeText, price })}
      closeLabel={t('shop.buy.close')}
      testId="buy-dialog"
    >
      <form
        ref={form}
        noValidate
        className="grid gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        {FIELDS.map(({ name, type, autoComplete, inputMode }) =>
          field(
            name,
            <input
              {...aria(name)}
              type={type ?? 'text'}
              autoComplete={autoComplete}
              inputMode={inputMode}
              className={inputClass}
              value={values[name]}
              onChange={(event) => set(name, event.target.value)}
            />,
          ),
        )}
        {field(
          'country',
          <select
            {...aria('country')}
            autoComplete="country"
            className={`${selectClass} h-10`}
            value={values.country}
            onChange={(event) => set('country', event.target.value)}
          >
            <option value="">{t('shop.buy.chooseCountry')}</option>
            {COUNTRIES.map((code) => (
              <option key={code} value={code}>
                {countryName(code, language)}
              </option>
            ))}
          </select>,
        )}
        {outcome ? (
          <p
            role="alert"
            className="rounded-md bg-red-50 p-3 text-sm text-red-900 dark:bg-red-950 dark:text-red-100"
          >
            {t(`shop.buy.${outcome}`)}
          </p>
        ) : null}
        <button
          type="submit"
          className={buttonClass('default', 'lg', 'w-full')}
          disabled={create.isPending || outcome === 'taken' || outcome === 'gone'}
        >
          {create.isPending ? t('shop.buy.submitting') : t('shop.buy.submit', { price })}
        </button>
      </form>
    </Dialog>
  );
}
