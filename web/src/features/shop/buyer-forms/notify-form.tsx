import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../../components/ui/button-styles';
import { isDemoRefusal } from '../../../lib/demo/demo-refusal';
import { useNotifyRequest } from '../api/queries';
import { inputClass } from '../components/shop-frame';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** "Notify me" on an out-of-stock size: the email, then a confirmation email (double opt-in). */
export function NotifyForm({
  storeId,
  productId,
  size,
  sizeText,
}: {
  storeId: string;
  productId: string;
  /** The size's stored label (what the API takes). */
  size: string;
  /** The size as the buyer reads it. */
  sizeText: string;
}) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [email, setEmail] = useState('');
  const [invalid, setInvalid] = useState(false);
  const request = useNotifyRequest(storeId);
  if (request.isSuccess)
    return (
      <p
        role="status"
        className="rounded-md bg-green-50 p-3 text-sm text-green-900 dark:bg-green-950 dark:text-green-100"
      >
        {t('shop.notify.sent', { size: sizeText })}
      </p>
    );
  return (
    <form
      noValidate
      className="grid gap-2 rounded-lg border border-neutral-200 p-3 dark:border-neutral-800"
      aria-labelledby={`${id}-title`}
      onSubmit={(event) => {
        event.preventDefault();
        const address = email.trim();
        if (!EMAIL.test(address)) {
          setInvalid(true);
          return;
        }
        setInvalid(false);
        request.mutate({
          productId,
          size,
          email: address,
          locale: i18n.resolvedLanguage === 'es' ? 'es' : 'en',
        });
      }}
    >
      <h2 id={`${id}-title`} className="text-sm font-semibold">
        {t('shop.notify.title', { size: sizeText })}
      </h2>
      <label htmlFor={`${id}-email`} className="text-sm">
        {t('shop.notify.email')}
      </label>
      <input
        id={`${id}-email`}
        type="email"
        autoComplete="email"
        className={inputClass}
        value={email}
        aria-invalid={invalid}
        aria-describedby={invalid ? `${id}-error` : undefined}
        onChange={(event) => setEmail(event.target.value)}
      />
      {invalid ? (
        <p id={`${id}-error`} className="text-sm text-red-700 dark:text-red-400">
          {t('shop.notify.invalidEmail')}
        </p>
      ) : null}
      {request.isError && !isDemoRefusal(request.error) ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {t('shop.notify.error')}
        </p>
      ) : null}
      <button type="submit" className={buttonClass('secondary')} disabled={request.isPending}>
        {t('shop.notify.submit')}
      </button>
    </form>
  );
}
