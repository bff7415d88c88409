import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { BillingInvoice } from '@sneakers/shared/contracts/billing';
import { PagedList } from '../../../components/paged-list';
import { Badge } from '../../../components/ui/badge';
import { pageItems } from '../../../lib/page-items';
import { useBillingInvoices } from '../api/queries';
import { formatDate, formatMoney } from '../model/summary';

const LINK =
  'rounded-md px-2 py-1 text-sm font-medium text-orange-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-orange-500 dark:text-orange-400';

const STATUS_TONES = {
  draft: 'neutral',
  open: 'orange',
  paid: 'blue',
  uncollectible: 'red',
  void: 'neutral',
} as const;

/** The account's invoices, newest first, each with the provider's page and PDF. */
export function InvoicesPanel({ isDemo }: { isDemo: boolean }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.resolvedLanguage ?? 'en';
  const query = useBillingInvoices(isDemo);
  const invoices = useMemo(() => pageItems(query.data, (page) => page.invoices), [query.data]);

  const row = (invoice: BillingInvoice) => {
    const number = invoice.number ?? t('billing.invoices.draft');
    const amount = invoice.status === 'paid' ? invoice.amountPaid : invoice.amountDue;
    return (
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        <dl className="grid min-w-0 flex-1 grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
          <div className="min-w-0">
            <dt className="text-xs text-neutral-500 dark:text-neutral-400">{t('billing.invoices.number')}</dt>
            <dd className="font-medium break-all">{number}</dd>
          </div>
          <div>
            <dt className="text-xs text-neutral-500 dark:text-neutral-400">{t('billing.invoices.date')}</dt>
            <dd>{formatDate(invoice.createdAt, locale)}</dd>
          </div>
          <div>
            <dt className="text-xs text-neutral-500 dark:text-neutral-400">{t('billing.invoices.amount')}</dt>
            <dd data-testid="billing-invoice-amount">{formatMoney(amount, invoice.currency, locale)}</dd>
          </div>
          <div>
            <dt className="text-xs text-neutral-500 dark:text-neutral-400">
              {t('billing.invoices.statusLabel')}
            </dt>
            <dd>
              <Badge tone={STATUS_TONES[invoice.status]} data-testid="billing-invoice-status">
                {t(`billing.invoices.status.${invoice.status}`)}
              </Badge>
            </dd>
          </div>
        </dl>
        <div className="flex gap-1">
          {invoice.hostedInvoiceUrl ? (
            <a
              href={invoice.hostedInvoiceUrl}
              target="_blank"
              rel="noopener noreferrer"
              data-testid="billing-invoice-view"
              aria-label={t('billing.invoices.viewNamed', { number })}
              className={LINK}
            >
              {t('billing.invoices.view')}
            </a>
          ) : null}
          {invoice.pdfUrl ? (
            <a
              href={invoice.pdfUrl}
              target="_blank"
              rel="noopener noreferrer"
              data-testid="billing-invoice-pdf"
              aria-label={t('billing.invoices.pdfNamed', { number })}
              className={LINK}
            >
              {t('billing.invoices.pdf')}
            </a>
          ) : null}
        </div>
      </div>
    );
  };

  return (
    <section aria-labelledby="billing-invoices-title" className="flex min-w-0 flex-col gap-3">
      <h2 id="billing-invoices-title" className="text-lg font-semibold">
        {t('billing.invoices.title')}
      </h2>
      <PagedList
        query={query}
        items={invoices}
        getKey={(invoice) => invoice.id}
        label={t('billing.invoices.title')}
        testId="billing-invoices"
        rowTestId="billing-invoice-row"
        errorText={t('billing.invoices.loadError')}
        empty={t('billing.invoices.empty')}
        renderItem={row}
      />
    </section>
  );
}
