import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney, type Overview } from '@sneakers/shared';
import { bucketLabel, labelIndexes, niceMax } from '../model/chart';
import { useBoxWidth } from './use-box-width';

const HEIGHT = 220;
const PAD = { top: 12, right: 8, bottom: 28, left: 64 };

/**
 * Revenue per bucket as bars, drawn by hand (no chart library in the bundle). Screen readers
 * get a summary, and everyone can open the same figures as a table.
 */
export function SalesChart({ overview }: { overview: Overview }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const locale = i18n.language;
  const { ref, width } = useBoxWidth(640);
  const { series, bucket, currency } = overview;
  const money = (cents: number) => formatMoney({ amount: cents, currency }, locale);
  const signed = (cents: number) => (cents < 0 ? `−${money(-cents)}` : money(cents));
  const max = niceMax(Math.max(0, ...series.map((s) => s.revenue)));
  const plotW = width - PAD.left - PAD.right;
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const slot = series.length > 0 ? plotW / series.length : plotW;
  const barW = Math.max(1, slot * 0.7);
  const y = (cents: number) => PAD.top + plotH - (max === 0 ? 0 : (cents / max) * plotH);
  const best = series.reduce<(typeof series)[number] | undefined>(
    (top, s) => (top === undefined || s.revenue > top.revenue ? s : top),
    undefined,
  );
  const summary =
    best && best.revenue > 0
      ? t('storeOverview.chart.summary', {
          count: series.length,
          best: bucketLabel(best.date, bucket, locale),
          amount: money(best.revenue),
        })
      : t('storeOverview.chart.noSales');

  return (
    <div ref={ref} className="flex min-w-0 flex-col gap-2">
      <svg
        viewBox={`0 0 ${width} ${HEIGHT}`}
        role="img"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-desc`}
        data-testid="overview-chart"
        className="h-auto w-full text-neutral-500"
      >
        <title id={`${id}-title`}>{t('storeOverview.chart.title')}</title>
        <desc id={`${id}-desc`}>{summary}</desc>
        {[0, 0.5, 1].map((f) => (
          <g key={f}>
            <line
              x1={PAD.left}
              x2={width - PAD.right}
              y1={y(max * f)}
              y2={y(max * f)}
              stroke="currentColor"
              strokeOpacity={0.2}
            />
            <text x={PAD.left - 6} y={y(max * f) + 4} textAnchor="end" fontSize={11} fill="currentColor">
              {money(Math.round(max * f))}
            </text>
          </g>
        ))}
        {series.map((s, i) => {
          const top = y(s.revenue);
          return (
            <rect
              key={s.date}
              data-testid="overview-chart-bar"
              x={PAD.left + i * slot + (slot - barW) / 2}
              y={top}
              width={barW}
              height={Math.max(0, PAD.top + plotH - top)}
              rx={Math.min(3, barW / 2)}
              className="fill-orange-500"
            >
              <title>{`${bucketLabel(s.date, bucket, locale)}: ${money(s.revenue)}`}</title>
            </rect>
          );
        })}
        {labelIndexes(series.length, Math.max(2, Math.min(6, Math.floor(width / 90)))).map((i) => {
          const s = series[i];
          if (!s) return null;
          return (
            <text
              key={s.date}
              x={PAD.left + i * slot + slot / 2}
              y={HEIGHT - 8}
              textAnchor="middle"
              fontSize={11}
              fill="currentColor"
            >
              {bucketLabel(s.date, bucket, locale)}
            </text>
          );
        })}
      </svg>
      <details className="text-sm">
        <summary className="cursor-pointer text-neutral-600 dark:text-neutral-400">
          {t('storeOverview.chart.showTable')}
        </summary>
        <div className="mt-2 max-h-64 overflow-auto">
          <table data-testid="overview-chart-table" className="w-full text-left tabular-nums">
            <caption className="sr-only">{t('storeOverview.chart.title')}</caption>
            <thead className="text-xs text-neutral-600 dark:text-neutral-400">
              <tr>
                <th scope="col" className="py-1 pr-3 font-medium">
                  {t(`storeOverview.chart.${bucket}`)}
                </th>
                <th scope="col" className="px-2 py-1 text-right font-medium">
                  {t('storeOverview.kpi.revenue')}
                </th>
                <th scope="col" className="px-2 py-1 text-right font-medium">
                  {t('storeOverview.kpi.profit')}
                </th>
                <th scope="col" className="px-2 py-1 text-right font-medium">
                  {t('storeOverview.kpi.units')}
                </th>
              </tr>
            </thead>
            <tbody>
              {series.map((s) => (
                <tr key={s.date} className="border-t border-neutral-100 dark:border-neutral-800">
                  <th scope="row" className="py-1 pr-3 font-normal">
                    {bucketLabel(s.date, bucket, locale)}
                  </th>
                  <td className="px-2 py-1 text-right">{money(s.revenue)}</td>
                  <td className="px-2 py-1 text-right">{signed(s.profit)}</td>
                  <td className="px-2 py-1 text-right">{s.units}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </div>
  );
}
