import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ArrowRight } from 'lucide-react';
import {
  formatMoney,
  formatSize,
  OVERVIEW_PERIODS,
  type Currency,
  type Overview,
  type OverviewPeriod,
} from '@sneakers/shared';
import { buttonClass } from '../../../components/ui/button-styles';
import { Button } from '../../../components/ui/button';
import type { SectionScreenProps } from '../../../lib/feature-module';
import { cn } from '../../../lib/utils';
import { useOverview } from '../api/queries';
import { ProfitChart } from './profit-chart';
import { SalesChart } from './sales-chart';

/** /dashboard: the store's figures for a period, each block linking to its section. */
export function OverviewSection({ businessName }: SectionScreenProps) {
  const { t } = useTranslation();
  const [period, setPeriod] = useState<OverviewPeriod>('30d');
  const [currency, setCurrency] = useState<Currency | undefined>();
  const query = useOverview(period, currency);

  let body: ReactNode;
  if (query.isPending) body = <OverviewSkeleton />;
  else if (query.isError)
    body = (
      <div
        role="alert"
        data-testid="overview-error"
        className="flex flex-col items-center gap-3 rounded-xl border border-neutral-200 bg-white p-8 text-center text-sm dark:border-neutral-800 dark:bg-neutral-900"
      >
        {t('storeOverview.error')}
        <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
          {t('errors.retry')}
        </Button>
      </div>
    );
  else if (query.data.currencies.length === 0) body = <NewStore />;
  else body = <Figures overview={query.data} refreshing={query.isPlaceholderData} />;

  const overview = query.data;
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6">
      {/* A business name is one long word at times: it wraps rather than widen the page. */}
      <h1 className="text-2xl font-bold tracking-tight wrap-anywhere">
        {t('storeOverview.welcome', { name: businessName })}
      </h1>
      <div className="flex flex-wrap items-center gap-3">
        <div role="group" aria-label={t('storeOverview.period.label')} className="flex flex-wrap gap-1">
          {OVERVIEW_PERIODS.map((p) => (
            <button
              key={p}
              type="button"
              aria-pressed={period === p}
              data-testid={`overview-period-${p}`}
              onClick={() => setPeriod(p)}
              className={cn(
                'h-8 rounded-md px-3 text-sm font-medium focus-visible:outline-2 focus-visible:outline-orange-500',
                period === p
                  ? 'bg-orange-600 text-white dark:bg-orange-500 dark:text-neutral-950'
                  : 'bg-neutral-100 text-neutral-700 hover:bg-neutral-200 dark:bg-neutral-800 dark:text-neutral-200',
              )}
            >
              {t(`storeOverview.period.${p}`)}
            </button>
          ))}
        </div>
        {overview && overview.currencies.length > 1 && (
          <label className="ml-auto inline-flex items-center gap-2 text-sm">
            {t('storeOverview.currency')}
            <select
              data-testid="overview-currency"
              value={overview.currency}
              onChange={(e) => setCurrency(overview.currencies.find((c) => c === e.target.value))}
              className="h-8 rounded-md border border-neutral-300 bg-white px-2 text-sm dark:border-neutral-700 dark:bg-neutral-900"
            >
              {overview.currencies.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </select>
          </label>
        )}
      </div>
      {body}
    </div>
  );
}

const card =
  'flex min-w-0 flex-col gap-3 rounded-xl border border-neutral-200 bg-white p-4 dark:border-neutral-800 dark:bg-neutral-900';

function OverviewSkeleton() {
  const { t } = useTranslation();
  return (
    <div aria-busy="true" data-testid="overview-loading" className="flex flex-col gap-4">
      <span className="sr-only" role="status">
        {t('common.loading')}
      </span>
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {Array.from({ length: 7 }, (_, i) => (
          <div key={i} className="h-24 animate-pulse rounded-xl bg-neutral-100 dark:bg-neutral-800" />
        ))}
      </div>
      <div className="h-64 animate-pulse rounded-xl bg-neutral-100 dark:bg-neutral-800" />
    </div>
  );
}

function NewStore() {
  const { t } = useTranslation();
  return (
    <div
      data-testid="overview-empty"
      className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-neutral-300 p-10 text-center dark:border-neutral-700"
    >
      <h2 className="text-lg font-semibold">{t('storeOverview.empty.title')}</h2>
      <p className="max-w-md text-sm text-neutral-600 dark:text-neutral-400">
        {t('storeOverview.empty.body')}
      </p>
      <div className="flex flex-wrap justify-center gap-2">
        <Link to="/dashboard/inventory" data-testid="overview-empty-cta" className={buttonClass()}>
          {t('storeOverview.empty.recordSale')}
        </Link>
        <Link to="/add-inventory" className={buttonClass('outline')}>
          {t('storeOverview.empty.addStock')}
        </Link>
      </div>
    </div>
  );
}

function SectionLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link
      to={to}
      className="inline-flex items-center gap-1 text-sm text-orange-700 hover:underline dark:text-orange-400"
    >
      {children}
      <ArrowRight aria-hidden="true" className="h-3.5 w-3.5" />
    </Link>
  );
}

function Block({
  title,
  to,
  linkText,
  testId,
  children,
  className,
}: {
  title: string;
  to: string;
  linkText: string;
  testId: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section aria-label={title} data-testid={testId} className={cn(card, className)}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="font-semibold">{title}</h2>
        <SectionLink to={to}>{linkText}</SectionLink>
      </div>
      {children}
    </section>
  );
}

function Figures({ overview, refreshing }: { overview: Overview; refreshing: boolean }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const { currency, totals } = overview;
  const money = (cents: number) => formatMoney({ amount: Math.abs(cents), currency }, locale);
  const signed = (cents: number) => (cents < 0 ? `−${money(cents)}` : money(cents));
  const kpis: Array<{ key: string; value: string; hint?: string; to: string; negative?: boolean }> = [
    { key: 'revenue', value: money(totals.revenue), to: '/dashboard/sales' },
    { key: 'profit', value: signed(totals.profit), to: '/dashboard/sales', negative: totals.profit < 0 },
    {
      key: 'margin',
      value:
        totals.marginPercent === null
          ? '—'
          : `${totals.marginPercent.toLocaleString(locale, { maximumFractionDigits: 1 })} %`,
      to: '/dashboard/sales',
      negative: (totals.marginPercent ?? 0) < 0,
    },
    {
      key: 'units',
      value: String(totals.units),
      hint: t('storeOverview.kpi.salesCount', { count: totals.sales }),
      to: '/dashboard/sales',
    },
    {
      key: 'stock',
      value: money(overview.stock.value),
      hint: t('storeOverview.kpi.pairs', { count: overview.stock.units }),
      to: '/dashboard/inventory',
    },
    { key: 'deposits', value: money(overview.depositsHeld), to: '/dashboard/bookings' },
    { key: 'owed', value: money(overview.owedToProviders), to: '/dashboard/payments' },
  ];
  const brandMax = Math.max(1, ...overview.byBrand.map((b) => b.revenue));

  return (
    <div aria-busy={refreshing} className={cn('flex flex-col gap-4', refreshing && 'opacity-70')}>
      <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4" aria-label={t('storeOverview.kpi.label')}>
        {kpis.map((kpi) => (
          <li key={kpi.key} data-testid={`overview-kpi-${kpi.key}`}>
            <Link
              to={kpi.to}
              className={cn(
                card,
                'h-full gap-1 hover:border-orange-400 focus-visible:outline-2 focus-visible:outline-orange-500',
              )}
            >
              <span className="text-xs text-neutral-600 dark:text-neutral-400">
                {t(`storeOverview.kpi.${kpi.key}`)}
              </span>
              <span
                data-testid={`overview-kpi-${kpi.key}-value`}
                className={cn(
                  'text-xl font-semibold tabular-nums',
                  kpi.negative && 'text-red-600 dark:text-red-400',
                )}
              >
                {kpi.value}
              </span>
              {kpi.hint && <span className="text-xs text-neutral-500">{kpi.hint}</span>}
            </Link>
          </li>
        ))}
      </ul>

      <div className="grid grid-cols-1 gap-4 xl:grid-cols-2">
        <Block
          title={t('storeOverview.chart.title')}
          to="/dashboard/sales"
          linkText={t('storeOverview.links.sales')}
          testId="overview-sales-chart"
        >
          {totals.sales === 0 ? (
            <div
              data-testid="overview-no-sales"
              className="flex flex-col items-center gap-2 p-6 text-center text-sm text-neutral-600 dark:text-neutral-400"
            >
              {t('storeOverview.noSalesInPeriod')}
              <Link to="/dashboard/inventory" className={buttonClass('default', 'sm')}>
                {t('storeOverview.empty.recordSale')}
              </Link>
            </div>
          ) : (
            <SalesChart overview={overview} />
          )}
        </Block>
        {/* Profit and margin over the same buckets, beside the revenue (nothing to draw without sales). */}
        {totals.sales > 0 && (
          <Block
            title={t('storeOverview.profitChart.title')}
            to="/dashboard/sales"
            linkText={t('storeOverview.links.sales')}
            testId="overview-profit-chart"
          >
            <ProfitChart overview={overview} />
          </Block>
        )}
      </div>

      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        <Block
          title={t('storeOverview.byBrand')}
          to="/dashboard/sales"
          linkText={t('storeOverview.links.sales')}
          testId="overview-by-brand"
        >
          {overview.byBrand.length === 0 ? (
            <p className="text-sm text-neutral-500">{t('storeOverview.nothingYet')}</p>
          ) : (
            <ul className="flex flex-col gap-2 text-sm">
              {overview.byBrand.map((b) => (
                <li key={b.brand} className="flex flex-col gap-1">
                  <div className="flex justify-between gap-2">
                    <span className="truncate">{b.brand || t('storeOverview.noBrand')}</span>
                    <span className="shrink-0 tabular-nums">
                      {money(b.revenue)} · {t('storeOverview.kpi.pairs', { count: b.units })}
                    </span>
                  </div>
                  <div aria-hidden="true" className="h-1.5 rounded-full bg-neutral-100 dark:bg-neutral-800">
                    <div
                      className="h-1.5 rounded-full bg-orange-500"
                      style={{ width: `${Math.max(2, (b.revenue / brandMax) * 100)}%` }}
                    />
                  </div>
                </li>
              ))}
            </ul>
          )}
        </Block>

        <Block
          title={t('storeOverview.topSellers')}
          to="/dashboard/sales"
          linkText={t('storeOverview.links.sales')}
          testId="overview-top-sellers"
        >
          {overview.topSellers.length === 0 ? (
            <p className="text-sm text-neutral-500">{t('storeOverview.nothingYet')}</p>
          ) : (
            <ol className="flex flex-col gap-2 text-sm">
              {overview.topSellers.map((s) => (
                <li key={s.sku} className="flex justify-between gap-2">
                  <span className="min-w-0">
                    <span className="block truncate font-medium">{s.name}</span>
                    <span className="block truncate text-xs text-neutral-500">{s.sku}</span>
                  </span>
                  <span className="shrink-0 text-right tabular-nums">
                    {money(s.revenue)}
                    <span className="block text-xs text-neutral-500">
                      {t('storeOverview.kpi.pairs', { count: s.units })}
                    </span>
                  </span>
                </li>
              ))}
            </ol>
          )}
        </Block>
      </div>

      <Block
        title={t('storeOverview.deadStock.title')}
        to="/dashboard/inventory"
        linkText={t('storeOverview.links.inventory')}
        testId="overview-dead-stock"
      >
        {overview.deadStock.length === 0 ? (
          <p className="text-sm text-neutral-500">{t('storeOverview.deadStock.none')}</p>
        ) : (
          <>
            <ul className="grid grid-cols-1 gap-2 sm:grid-cols-2">
              {overview.deadStock.map((item) => (
                <li key={item.itemId} data-testid="overview-dead-item" className="min-w-0">
                  <Link
                    to={`/dashboard/inventory-item/${item.itemId}`}
                    className="flex min-w-0 items-center gap-3 rounded-lg p-1 hover:bg-neutral-50 dark:hover:bg-neutral-800"
                  >
                    {item.imageUrl ? (
                      <img
                        src={item.imageUrl}
                        alt=""
                        loading="lazy"
                        className="h-10 w-10 shrink-0 rounded bg-neutral-100 object-cover dark:bg-neutral-800"
                      />
                    ) : (
                      <span
                        aria-hidden="true"
                        className="h-10 w-10 shrink-0 rounded bg-neutral-100 dark:bg-neutral-800"
                      />
                    )}
                    <span className="min-w-0 flex-1 text-sm">
                      <span className="block truncate font-medium">{item.name}</span>
                      <span className="block truncate text-xs text-neutral-500">
                        {[item.sku, item.sizes.map(formatSize).join(', ')].filter(Boolean).join(' · ')}
                      </span>
                    </span>
                    <span className="shrink-0 text-right text-xs tabular-nums">
                      {t('storeOverview.deadStock.days', { count: item.daysInStock })}
                      {item.purchasePrice !== null && (
                        <span className="block text-neutral-500">
                          {formatMoney({ amount: item.purchasePrice, currency: item.currency }, locale)}
                        </span>
                      )}
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
            {overview.deadStockMore && (
              <p className="text-xs text-neutral-500">{t('storeOverview.deadStock.more')}</p>
            )}
          </>
        )}
      </Block>
    </div>
  );
}
