import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { ApiError, formatMoney } from '@sneakers/shared';
import { Button } from '../../../components/ui/button';
import { CenteredSpinner } from '../../../components/ui/spinner';
import { usePayment } from '../api/queries';
import { formatIsoDate, formatTimestamp } from '../model/format';

const PAYMENTS_PATH = '/dashboard/payments';

/** /dashboard/payments/{id}: every field, the consignments it settled, the email, the provider. */
export function PaymentDetail({ id }: { id: string }) {
  const { t, i18n } = useTranslation();
  const query = usePayment(id);

  if (query.isPending) return <CenteredSpinner label={t('common.loading')} />;
  if (query.isError) {
    const notFound = query.error instanceof ApiError && query.error.status === 404;
    return (
      <div
        role="alert"
        data-testid="payment-not-found"
        className="flex flex-col items-center gap-3 p-8 text-center"
      >
        <h1 className="text-xl font-semibold">
          {notFound ? t('payments.detail.notFound') : t('payments.detail.loadError')}
        </h1>
        <div className="flex flex-wrap justify-center gap-2">
          {!notFound && (
            <Button variant="outline" onClick={() => void query.refetch()}>
              {t('errors.retry')}
            </Button>
          )}
          <Button asChild>
            <Link to={PAYMENTS_PATH}>{t('payments.detail.back')}</Link>
          </Button>
        </div>
      </div>
    );
  }
  const p = query.data;
  const money = (amount: number) => formatMoney({ amount, currency: p.currency }, i18n.language);
  const rows: Array<[string, ReactNode]> = [
    [
      t('payments.fields.provider'),
      <Link
        to={`/dashboard/providers/${encodeURIComponent(p.providerId)}`}
        data-testid="payment-provider-link"
        className="text-orange-700 hover:underline dark:text-orange-400"
      >
        {p.providerName}
      </Link>,
    ],
    [t('payments.fields.amount'), <span data-testid="payment-total">{money(p.totalAmount)}</span>],
    [t('payments.fields.method'), t(`payments.methods.${p.paymentMethod}`)],
    [t('payments.fields.date'), formatIsoDate(p.paymentDate, i18n.language)],
    [t('payments.fields.notes'), p.notes || '—'],
    [
      t('payments.fields.email'),
      <span data-testid="payment-email-status">
        {p.emailQueuedAt
          ? t('payments.detail.emailQueued', { at: formatTimestamp(p.emailQueuedAt, i18n.language) })
          : t('payments.detail.emailNotSent')}
      </span>,
    ],
    [t('payments.fields.createdAt'), formatTimestamp(p.createdAt, i18n.language)],
  ];

  return (
    <div className="flex max-w-3xl flex-col gap-6" data-testid="payment-detail">
      <Link
        to={PAYMENTS_PATH}
        className="inline-flex w-fit items-center gap-1 text-sm text-neutral-600 hover:underline dark:text-neutral-400"
      >
        <ArrowLeft aria-hidden="true" className="h-4 w-4" />
        {t('payments.detail.back')}
      </Link>
      <h1 className="text-2xl font-bold tracking-tight break-words">
        {t('payments.detail.title', { name: p.providerName })}
      </h1>
      <dl className="grid grid-cols-1 gap-x-6 gap-y-1 rounded-xl border border-neutral-200 bg-white p-4 text-sm sm:grid-cols-[auto_1fr] sm:gap-y-2 dark:border-neutral-800 dark:bg-neutral-900">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-medium text-neutral-500 max-sm:mt-2">{label}</dt>
            <dd className="min-w-0 break-words whitespace-pre-line">{value}</dd>
          </div>
        ))}
      </dl>
      <section aria-labelledby="payment-consignments" className="flex flex-col gap-2">
        <h2 id="payment-consignments" className="text-lg font-semibold">
          {t('payments.detail.settled', { count: p.consignments.length })}
        </h2>
        <ul data-testid="payment-consignments" className="grid grid-cols-1 gap-2">
          {p.consignments.map((c) => (
            <li
              key={c.id}
              data-testid="payment-consignment"
              className="flex flex-wrap items-center justify-between gap-2 rounded-xl border border-neutral-200 bg-white p-3 text-sm dark:border-neutral-800 dark:bg-neutral-900"
            >
              <span className="min-w-0 break-words">
                <span className="font-medium">{c.itemName}</span>
                <span className="text-neutral-500">
                  {' '}
                  · {c.itemSku} · {t('payments.pay.size', { size: c.size })}
                </span>
              </span>
              <span className="tabular-nums">{money(c.price)}</span>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
