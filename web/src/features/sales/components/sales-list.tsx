import { useId, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatMoney, formatSize, type Sale } from '@sneakers/shared';
import { PagedList } from '../../../components/paged-list';
import { Select } from '../../../components/ui/form';
import { pageItems } from '../../../lib/page-items';
import { cn } from '../../../lib/utils';
import { useSales } from '../api/queries';
import { formatDay, signedMoney, totalsByCurrency } from '../model/format';
import { PLACEHOLDER_IMAGE, showPlaceholder } from '../../../lib/placeholder-image';
import { periodRange, SALES_PERIODS, type SalesPeriod } from '../model/period';
import { SellPairButton } from './pair-picker';

/** The store's sales, latest first, filtered by period, with the shown sales' totals. */
export function SalesList() {
  const { t, i18n } = useTranslation();
  const periodId = useId();
  const [period, setPeriod] = useState<SalesPeriod>('all');
  const [now] = useState(() => new Date());
  const query = useSales(periodRange(period, now));
  const sales = pageItems(query.data, (page) => page.sales);
  const totals = totalsByCurrency(sales);
  const locale = i18n.language;

  return (
    <div className="flex flex-col gap-4">
      {totals.length > 0 && (
        <section
          aria-label={t('sales.totals.label')}
          data-testid="sales-totals"
          className="flex flex-col gap-2"
        >
          {totals.map((total) => (
            <dl
              key={total.currency}
              data-testid={`sales-totals-${total.currency}`}
              className="grid grid-cols-2 gap-2 sm:grid-cols-4"
            >
              {(
                [
                  ['revenue', formatMoney({ amount: total.revenue, currency: total.currency }, locale)],
                  ['profit', signedMoney(total.profit, total.currency, locale)],
                  ['units', String(total.units)],
                  ['sales', String(total.sales)],
                ] as const
              ).map(([key, value]) => (
                <div
                  key={key}
                  className="rounded-xl border border-neutral-200 bg-white p-3 dark:border-neutral-800 dark:bg-neutral-900"
                >
                  <dt className="text-xs text-neutral-600 dark:text-neutral-400">
                    {t(`sales.totals.${key}`)}
                  </dt>
                  <dd
                    data-testid={`sales-total-${key}`}
                    className={cn(
                      'text-lg font-semibold tabular-nums',
                      key === 'profit' && total.profit < 0 && 'text-red-600 dark:text-red-400',
                    )}
                  >
                    {value}
                  </dd>
                </div>
              ))}
            </dl>
          ))}
          {query.hasNextPage && <p className="text-xs text-neutral-500">{t('sales.totals.loadedOnly')}</p>}
        </section>
      )}
      <PagedList
        query={query}
        items={sales}
        getKey={(s) => s.id}
        label={t('sales.title')}
        testId="sales"
        errorText={t('sales.loadError')}
        empty={
          <>
            <p>{period === 'all' ? t('sales.empty') : t('sales.emptyPeriod')}</p>
            <SellPairButton />
          </>
        }
        toolbar={
          <div className="flex flex-wrap items-end justify-between gap-3">
            <div className="flex flex-col gap-1">
              <label htmlFor={periodId} className="text-sm font-medium">
                {t('sales.period.label')}
              </label>
              <Select
                id={periodId}
                data-testid="sales-period"
                value={period}
                onChange={(e) => {
                  const next = SALES_PERIODS.find((p) => p === e.target.value);
                  if (next) setPeriod(next);
                }}
                className="w-auto"
              >
                {SALES_PERIODS.map((p) => (
                  <option key={p} value={p}>
                    {t(`sales.period.${p}`)}
                  </option>
                ))}
              </Select>
            </div>
            {sales.length > 0 && <SellPairButton />}
          </div>
        }
        rowTestId="sale-row"
        rowClassName="flex min-w-0 flex-col gap-2 rounded-xl border border-neutral-200 bg-white p-3 sm:flex-row sm:items-center sm:gap-3 dark:border-neutral-800 dark:bg-neutral-900"
        renderItem={(sale) => <SaleRow sale={sale} />}
      />
    </div>
  );
}

function SaleRow({ sale }: { sale: Sale }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const money = (cents: number) => formatMoney({ amount: cents, currency: sale.currency }, locale);
  return (
    <>
      <div className="flex min-w-0 flex-1 items-center gap-3">
        <img
          src={sale.imageUrl || PLACEHOLDER_IMAGE}
          alt=""
          loading="lazy"
          onError={showPlaceholder}
          className="h-12 w-12 shrink-0 rounded bg-neutral-100 object-cover dark:bg-neutral-800"
        />
        <div className="flex min-w-0 flex-1 flex-col">
          <Link
            to={`/dashboard/sale/${sale.id}`}
            data-testid="sale-link"
            className="truncate font-medium hover:underline"
          >
            {sale.name}
          </Link>
          <span className="truncate text-xs text-neutral-600 dark:text-neutral-400">
            {[
              t('sales.size', { size: formatSize(sale.size) }),
              sale.buyerName,
              formatDay(sale.saleDate, locale),
            ]
              .filter(Boolean)
              .join(' · ')}
          </span>
        </div>
      </div>
      <dl className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
        <div className="flex items-baseline gap-1">
          <dt className="text-xs text-neutral-600 dark:text-neutral-400">{t('sales.fields.salePrice')}</dt>
          <dd data-testid="sale-price" className="font-semibold tabular-nums">
            {money(sale.salePrice)}
          </dd>
        </div>
        <div className="flex items-baseline gap-1">
          <dt className="text-xs text-neutral-600 dark:text-neutral-400">{t('sales.fields.fees')}</dt>
          <dd className="tabular-nums">{money(sale.fees)}</dd>
        </div>
        <div className="flex items-baseline gap-1">
          <dt className="text-xs text-neutral-600 dark:text-neutral-400">{t('sales.fields.profit')}</dt>
          <dd
            data-testid="sale-profit"
            data-negative={sale.profit < 0 || undefined}
            className={cn(
              'font-semibold tabular-nums',
              sale.profit < 0 ? 'text-red-600 dark:text-red-400' : 'text-green-700 dark:text-green-400',
            )}
          >
            {signedMoney(sale.profit, sale.currency, locale)}
          </dd>
        </div>
      </dl>
    </>
  );
}
