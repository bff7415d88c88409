import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ArrowLeft, EyeOff, Printer } from 'lucide-react';
import { ApiError, formatMoney } from '@sneakers/shared';
import { Button } from '../../../components/ui/button';
import { CenteredSpinner } from '../../../components/ui/spinner';
import { useConsignments, useProvider } from '../api/queries';
import { formatIban, useRevealedIban } from './iban-reveal';
import { PROVIDERS_PATH, ProviderNotFound } from './provider-detail';

export const PICKUP_ROWS = 12;
const SHEET_ID = 'provider-pickup-sheet';

/**
 * While printing only the sheet shows: the dashboard chrome (sidebar, header, breadcrumb)
 * lives outside this page, so a print-only rule hides everything but the sheet.
 */
const PRINT_CSS = `@media print {
  @page { margin: 12mm; }
  body * { visibility: hidden !important; }
  #${SHEET_ID}, #${SHEET_ID} * { visibility: visible !important; }
  #${SHEET_ID} { position: absolute; inset: 0 auto auto 0; width: 100%; }
}`;

/** /dashboard/providers/{providerId}/pickup: a printable sheet for collecting consigned goods. */
export function PickupSheet({ id, businessName }: { id: string; businessName: string }) {
  const { t, i18n } = useTranslation();
  const query = useProvider(id);
  const consignments = useConsignments(id);
  const fullIban = useRevealedIban(id);
  const [printing, setPrinting] = useState(false);

  // Prints once the revealed IBAN is on the sheet (the state update has rendered).
  useEffect(() => {
    if (!printing) return;
    setPrinting(false);
    window.print();
  }, [printing]);

  const printWithIban = async () => {
    if ((await fullIban.reveal('print')) !== null) setPrinting(true);
  };

  if (query.isPending) return <CenteredSpinner label={t('common.loading')} />;
  if (query.isError) {
    const notFound = query.error instanceof ApiError && query.error.status === 404;
    return <ProviderNotFound notFound={notFound} onRetry={() => void query.refetch()} />;
  }
  const provider = query.data;
  const today = new Date().toLocaleDateString(i18n.language, { dateStyle: 'long' });
  const details: Array<[string, string]> = [
    [t('providers.form.name'), provider.name],
    [t('providers.form.alias'), provider.alias || '—'],
    [t('providers.form.phone'), provider.phone || '—'],
    [t('providers.form.email'), provider.email],
    [t('providers.form.dni'), provider.dni || '—'],
    // Masked unless the store chose to print it in full (a recorded reveal).
    [t('providers.form.iban'), fullIban.iban ? formatIban(fullIban.iban) : provider.ibanMasked || '—'],
  ];
  const columns = ['sku', 'product', 'size', 'condition', 'price'] as const;
  // What the provider already left with the store, listed before the rows for new items.
  const inStock = (consignments.data ?? []).filter((c) => c.status === 'in_stock');
  // Tighter on phones so the six columns fit 360 px without scrolling sideways.
  const cell = 'border border-neutral-400 px-1 sm:px-2 print:border-black';

  return (
    <div className="flex flex-col gap-4">
      <style>{PRINT_CSS}</style>
      <div className="flex flex-wrap items-center justify-between gap-2 print:hidden">
        <Link
          to={`${PROVIDERS_PATH}/${encodeURIComponent(provider.id)}`}
          className="inline-flex items-center gap-1 text-sm text-neutral-600 hover:underline dark:text-neutral-400"
        >
          <ArrowLeft aria-hidden="true" className="h-4 w-4" />
          {t('providers.pickup.backToProvider')}
        </Link>
        <div className="flex flex-wrap gap-2">
          {provider.ibanMasked &&
            (fullIban.iban ? (
              <Button variant="outline" data-testid="pickup-hide-iban" onClick={fullIban.hide}>
                <EyeOff aria-hidden="true" className="h-4 w-4" />
                {t('providers.iban.hide')}
              </Button>
            ) : (
              <Button
                variant="outline"
                data-testid="pickup-print-full-iban"
                disabled={fullIban.pending}
                onClick={() => void printWithIban()}
              >
                <Printer aria-hidden="true" className="h-4 w-4" />
                {t('providers.pickup.printWithIban')}
              </Button>
            ))}
          <Button data-testid="pickup-print" onClick={() => window.print()}>
            <Printer aria-hidden="true" className="h-4 w-4" />
            {t('providers.pickup.print')}
          </Button>
        </div>
      </div>
      <article
        id={SHEET_ID}
        data-testid="pickup-sheet"
        aria-labelledby="pickup-title"
        className="mx-auto flex w-full max-w-4xl flex-col gap-6 rounded-xl border border-neutral-200 bg-white p-4 text-neutral-900 sm:p-8 dark:border-neutral-800 dark:bg-neutral-900 dark:text-neutral-100 print:max-w-none print:rounded-none print:border-0 print:bg-white print:p-0 print:text-black"
      >
        <header className="flex flex-wrap items-start justify-between gap-4 border-b border-neutral-300 pb-4 print:border-black">
          <div className="flex flex-col gap-1">
            <p data-testid="pickup-store" className="text-sm font-semibold tracking-wide uppercase">
              {businessName}
            </p>
            <h1 id="pickup-title" className="text-2xl font-bold">
              {t('providers.pickup.title')}
            </h1>
            <p className="text-sm text-neutral-600 dark:text-neutral-400 print:text-black">
              {t('providers.pickup.subtitle')}
            </p>
          </div>
          <p className="text-sm">
            <span className="font-medium">{t('providers.pickup.date')}:</span> {today}
          </p>
        </header>
        <section aria-labelledby="pickup-provider">
          <h2 id="pickup-provider" className="mb-2 text-lg font-semibold">
            {t('providers.pickup.provider')}
          </h2>
          <dl className="grid grid-cols-1 gap-x-6 gap-y-1 text-sm sm:grid-cols-2 print:grid-cols-2">
            {details.map(([label, value]) => (
              <div key={label} className="flex gap-2">
                <dt className="font-medium">{label}:</dt>
                <dd
                  data-testid={label === t('providers.form.iban') ? 'pickup-iban' : undefined}
                  className="break-all"
                >
                  {value}
                </dd>
              </div>
            ))}
          </dl>
        </section>
        <section aria-labelledby="pickup-items">
          <h2 id="pickup-items" className="mb-2 text-lg font-semibold">
            {t('providers.pickup.items')}
          </h2>
          <div className="overflow-x-auto print:overflow-visible">
            <table
              data-testid="pickup-table"
              className="w-full border-collapse text-xs sm:min-w-[36rem] sm:text-sm print:min-w-0"
            >
              <caption className="sr-only">{t('providers.pickup.items')}</caption>
              <thead>
                <tr>
                  <th
                    scope="col"
                    className="w-6 border border-neutral-400 px-1 py-1 text-left sm:w-10 sm:px-2 print:border-black"
                  >
                    #
                  </th>
                  {columns.map((column) => (
                    <th
                      key={column}
                      scope="col"
                      className="border border-neutral-400 px-1 py-1 text-left break-words sm:px-2 print:border-black"
                    >
                      {t(`providers.pickup.columns.${column}`)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {consignments.isPending && (
                  <tr data-testid="pickup-consignments-loading" className="h-9 print:hidden">
                    <td colSpan={columns.length + 1} className={`${cell} text-neutral-500`}>
                      {t('common.loading')}
                    </td>
                  </tr>
                )}
                {consignments.isError && (
                  <tr data-testid="pickup-consignments-error" className="h-9 print:hidden">
                    <td colSpan={columns.length + 1} className={cell}>
                      <span role="alert" className="mr-2 text-red-600 dark:text-red-400">
                        {t('providers.consignments.loadError')}
                      </span>
                      <Button variant="outline" size="sm" onClick={() => void consignments.refetch()}>
                        {t('providers.retry')}
                      </Button>
                    </td>
                  </tr>
                )}
                {inStock.map((c, row) => (
                  <tr key={c.id} data-testid="pickup-consignment-row" className="h-9">
                    <td className={`${cell} text-neutral-500`}>{row + 1}</td>
                    <td className={`${cell} break-all`}>{c.itemSku}</td>
                    <td className={`${cell} break-words`}>{c.itemName}</td>
                    <td className={cell}>{c.size}</td>
                    <td className={cell} />
                    <td className={`${cell} text-right tabular-nums`}>
                      {formatMoney({ amount: c.price, currency: c.currency }, i18n.language)}
                    </td>
                  </tr>
                ))}
                {Array.from({ length: PICKUP_ROWS }, (_, row) => (
                  <tr key={row} data-testid="pickup-row" className="h-9">
                    <td className={`${cell} text-neutral-500`}>{inStock.length + row + 1}</td>
                    {columns.map((column) => (
                      <td key={column} className="border border-neutral-400 print:border-black" />
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
        <section
          aria-label={t('providers.pickup.signatures')}
          className="grid grid-cols-1 gap-8 pt-8 sm:grid-cols-2 print:grid-cols-2 print:break-inside-avoid"
        >
          {(['providerSignature', 'storeSignature'] as const).map((key) => (
            <div key={key} className="flex flex-col gap-1">
              <div className="h-12 border-b border-neutral-500 print:border-black" />
              <p className="text-sm font-medium">{t(`providers.pickup.${key}`)}</p>
              <p className="text-xs text-neutral-500 print:text-black">
                {t('providers.pickup.signatureHint')}
              </p>
            </div>
          ))}
        </section>
      </article>
    </div>
  );
}
