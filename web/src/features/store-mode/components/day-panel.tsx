import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney, type Currency } from '@sneakers/shared/money';
import { Button } from '../../../components/ui/button';
import { CenteredSpinner } from '../../../components/ui/spinner';
import { downloadText } from '../../../lib/download';
import { useDaySales } from '../api/queries';
import { daySummary, daySummaryCsv } from '../model/day-summary';

/** The end of the day (docs/product/store-mode.md#end-of-day): sales by payment method, the cash expected, the CSV. */
export function DayPanel({ userId, date }: { userId: string; date: string }) {
  const { t, i18n } = useTranslation();
  const sales = useDaySales(userId, date);
  const summary = useMemo(() => daySummary(sales.data ?? []), [sales.data]);
  const money = (amount: number, currency: Currency) => formatMoney({ amount, currency }, i18n.language);
  if (sales.isLoading) return <CenteredSpinner label={t('storeMode.loading')} />;
  if (sales.isError) return <p role="alert">{t('storeMode.day.loadError')}</p>;

  const download = () => downloadText(`day-${date}.csv`, daySummaryCsv(date, sales.data ?? [], summary));

  return (
    <section
      className="flex flex-col gap-3"
      data-testid="store-mode-day"
      aria-label={t('storeMode.day.title', { date })}
    >
      <h2 className="text-lg font-semibold">{t('storeMode.day.title', { date })}</h2>
      {summary.rows.length === 0 ? (
        <p className="text-sm text-neutral-500">{t('storeMode.day.empty')}</p>
      ) : (
        <table className="w-full text-sm">
          <thead>
            <tr className="text-left">
              <th scope="col">{t('storeMode.day.method')}</th>
              <th scope="col" className="text-right">
                {t('storeMode.day.sales')}
              </th>
              <th scope="col" className="text-right">
                {t('storeMode.day.units')}
              </th>
              <th scope="col" className="text-right">
                {t('storeMode.day.amount')}
              </th>
            </tr>
          </thead>
          <tbody>
            {summary.rows.map((row) => (
              <tr key={`${row.method}#${row.currency}`} data-testid="store-mode-day-row">
                <td>{t(`storeMode.methods.${row.method}`)}</td>
                <td className="text-right">{row.sales}</td>
                <td className="text-right">{row.units}</td>
                <td className="text-right">{money(row.amount, row.currency)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <dl className="grid grid-cols-2 gap-1 text-sm">
        <dt>{t('storeMode.day.unitsSold')}</dt>
        <dd className="text-right" data-testid="store-mode-day-units">
          {summary.units}
        </dd>
        {Object.entries(summary.cash).map(([currency, amount]) => (
          <div key={currency} className="contents">
            <dt>{t('storeMode.day.cashExpected')}</dt>
            <dd className="text-right" data-testid="store-mode-day-cash">
              {money(amount, currency as Currency)}
            </dd>
          </div>
        ))}
      </dl>
      <Button type="button" variant="outline" onClick={download} disabled={!sales.data?.length}>
        {t('storeMode.day.download')}
      </Button>
    </section>
  );
}
