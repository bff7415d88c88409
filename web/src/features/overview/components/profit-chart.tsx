import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney, type Overview } from '@sneakers/shared';
import { marginPercent } from '@sneakers/shared/rules/sale-money';
import { bucketLabel, labelIndexes, scaleIn, signedRange } from '../model/chart';
import { useBoxWidth } from './use-box-width';

const HEIGHT = 220;
const PAD = { top: 12, right: 48, bottom: 28, left: 64 };

/**
 * Profit per bucket as bars from the zero line (a loss goes below it) and the margin (profit
 * ÷ revenue, the key figures' rule) as a line on its own axis, drawn by hand like the revenue
 * chart beside it (no chart library in the bundle). A bucket without revenue has no margin:
 * the line breaks there. Screen readers get a summary; everyone can open the table.
 */
export function ProfitChart({ overview }: { overview: Overview }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const locale = i18n.language;
  const { ref, width } = useBoxWidth(640);
  const { series, bucket, currency } = overview;
  const money = (cents: number) => formatMoney({ amount: Math.abs(cents), currency }, locale);
  const signed = (cents: number) => (cents < 0 ? `−${money(cents)}` : money(cents));
  const percent = (value: number | null) =>
    value === null ? '—' : `${value.toLocaleString(locale, { maximumFractionDigits: 1 })} %`;
  const margins = series.map((s) => marginPercent(s.revenue, s.profit));

  const plotW = width - PAD.left - PAD.right;
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const slot = series.length > 0 ? plotW / series.length : plotW;
  const barW = Math.max(1, slot * 0.7);
  const profitRange = signedRange(series.map((s) => s.profit));
  const marginRange = signedRange(margins.filter((m): m is number => m !== null));
  const yProfit = (cents: number) => PAD.top + scaleIn(profitRange, plotH)(cents);
  const yMargin = (value: number) => PAD.top + scaleIn(marginRange, plotH)(value);
  const x = (i: number) => PAD.left + i * slot + slot / 2;

  // The margin line, broken where a bucket has no revenue.
  const segments: string[] = [];
  let path = '';
  margins.forEach((m, i) => {
    if (m === null) {
      if (path) segments.push(path);
      path = '';
      return;
    }
    path += `${path ? 'L' : 'M'}${x(i).toFixed(1)},${yMargin(m).toFixed(1)}`;
  });
  if (path) segments.push(path);

  const total = series.reduce((sum, s) => sum + s.profit, 0);
  const best = series.reduce<(typeof series)[number] | undefined>(
    (top, s) => (top === undefined || s.profit > top.profit ? s : top),
    undefined,
  );
  const summary = best
    ? t('storeOverview.profitChart.summary', {
        count: series.length,
        total: signed(total),
        margin: percent(marginPercent(overview.totals.revenue, overview.totals.profit)),
        best: bucketLabel(best.date, bucket, locale),
        amount: signed(best.profit),
      })
    : t('storeOverview.chart.noSales');
  const ticks = [0, 0.5, 1];

  return (
    <div ref={ref} className="flex min-w-0 flex-col gap-2">
      <svg
        viewBox={`0 0 ${width} ${HEIGHT}`}
        role="img"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-desc`}
        data-testid="overview-profit-chart-svg"
        className="h-auto w-full text-neutral-500"
      >
        <title id={`${id}-title`}>{t('storeOverview.profitChart.title')}</title>
        <desc id={`${id}-desc`}>{summary}</desc>
        {ticks.map((f) => {
          const cents = profitRange.low + (profitRange.high - profitRange.low) * f;
          const margin = marginRange.low + (marginRange.high - marginRange.low) * f;
          return (
            <g key={f}>
              <line
                x1={PAD.left}
                x2={width - PAD.right}
                y1={yProfit(cents)}
                y2={yProfit(cents)}
                stroke="currentColor"
                strokeOpacity={0.2}
              />
              <text
                x={PAD.left - 6}
                y={yProfit(cents) + 4}
                textAnchor="end"
                fontSize={11}
                fill="currentColor"
              >
                {signed(Math.round(cents))}
              </text>
              <text
                x={width - PAD.right + 6}
                y={yProfit(cents) + 4}
                textAnchor="start"
                fontSize={11}
                className="fill-sky-600 dark:fill-sky-400"
              >
                {`${Math.round(margin)} %`}
              </text>
            </g>
          );
        })}
        <line
          x1={PAD.left}
          x2={width - PAD.right}
          y1={yProfit(0)}
          y2={yProfit(0)}
          stroke="currentColor"
          strokeOpacity={0.6}
        />
        {series.map((s, i) => {
          const zero = yProfit(0);
          const end = yProfit(s.profit);
          return (
            <rect
              key={s.date}
              data-testid="overview-profit-bar"
              data-profit={s.profit}
              x={x(i) - barW / 2}
              y={Math.min(zero, end)}
              width={barW}
              height={Math.abs(end - zero)}
              rx={Math.min(3, barW / 2)}
              className={s.profit < 0 ? 'fill-red-500' : 'fill-emerald-500'}
            >
              <title>{`${bucketLabel(s.date, bucket, locale)}: ${signed(s.profit)} · ${percent(margins[i] ?? null)}`}</title>
            </rect>
          );
        })}
        {segments.map((d) => (
          <path
            key={d}
            d={d}
            data-testid="overview-margin-line"
            fill="none"
            strokeWidth={2}
            strokeLinejoin="round"
            className="stroke-sky-600 dark:stroke-sky-400"
          />
        ))}
        {margins.map((m, i) =>
          m === null ? null : (
            <circle
              key={series[i]?.date ?? i}
              cx={x(i)}
              cy={yMargin(m)}
              r={2.5}
              className="fill-sky-600 dark:fill-sky-400"
            />
          ),
        )}
        {labelIndexes(series.length, Math.max(2, Math.min(6, Math.floor(width / 90)))).map((i) => {
          const s = series[i];
          if (!s) return null;
          return (
            <text key={s.date} x={x(i)} y={HEIGHT - 8} textAnchor="middle" fontSize={11} fill="currentColor">
              {bucketLabel(s.date, bucket, locale)}
            </text>
          );
        })}
      </svg>
      <ul className="flex flex-wrap gap-4 text-xs text-neutral-600 dark:text-neutral-400" aria-hidden="true">
        <li className="flex items-center gap-1.5">
          <span className="h-2.5 w-2.5 rounded-sm bg-emerald-500" />
          {t('storeOverview.kpi.profit')}
        </li>
        <li className="flex items-center gap-1.5">
          <span className="h-0.5 w-4 bg-sky-600 dark:bg-sky-400" />
          {t('storeOverview.profitChart.marginLegend')}
        </li>
      </ul>
      <details className="text-sm">
        <summary className="cursor-pointer text-neutral-600 dark:text-neutral-400">
          {t('storeOverview.chart.showTable')}
        </summary>
        <div className="mt-2 max-h-64 overflow-auto">
          <table data-testid="overview-profit-table" className="w-full text-left tabular-nums">
            <caption className="sr-only">{t('storeOverview.profitChart.title')}</caption>
            <thead className="text-xs text-neutral-600 dark:text-neutral-400">
              <tr>
                <th scope="col" className="py-1 pr-3 font-medium">
                  {t(`storeOverview.chart.${bucket}`)}
                </th>
                <th scope="col" className="px-2 py-1 text-right font-medium">
                  {t('storeOverview.kpi.profit')}
                </th>
                <th scope="col" className="px-2 py-1 text-right font-medium">
                  {t('storeOverview.kpi.margin')}
                </th>
              </tr>
            </thead>
            <tbody>
              {series.map((s, i) => (
                <tr
                  key={s.date}
                  data-testid="overview-profit-row"
                  className="border-t border-neutral-100 dark:border-neutral-800"
                >
                  <th scope="row" className="py-1 pr-3 font-normal">
                    {bucketLabel(s.date, bucket, locale)}
                  </th>
                  <td className="px-2 py-1 text-right">{signed(s.profit)}</td>
                  <td className="px-2 py-1 text-right">{percent(margins[i] ?? null)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </div>
  );
}
