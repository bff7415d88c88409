import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Download } from 'lucide-react';
import { ApiError, DAC7_THRESHOLDS, formatMoney, type Dac7Counterparty } from '@sneakers/shared';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Field, Input, Select } from '../../../components/ui/form';
import { CenteredSpinner } from '../../../components/ui/spinner';
import { useDac7, useExportSales } from '../api/queries';
import { downloadText } from '../../../lib/download';

/** The tax reports: the sales CSV of a period and the DAC7 summary of a year. */
export function SalesReports() {
  return (
    <div className="flex flex-col gap-8">
      <SalesExport />
      <Dac7Summary />
    </div>
  );
}

const panel =
  'flex flex-col gap-4 rounded-xl border border-neutral-200 bg-white p-4 sm:p-6 dark:border-neutral-800 dark:bg-neutral-900';

function SalesExport() {
  const { t } = useTranslation();
  const id = useId();
  const [today] = useState(() => new Date().toISOString().slice(0, 10));
  const [from, setFrom] = useState(() => `${today.slice(0, 4)}-01-01`);
  const [to, setTo] = useState(today);
  const [error, setError] = useState<string | undefined>();
  const exporter = useExportSales();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (exporter.isPending) return;
    if (!from || !to || from > to) {
      setError(t('sales.export.badRange'));
      return;
    }
    setError(undefined);
    exporter.mutate(
      { from, to },
      {
        onSuccess: ({ filename, csv, rows }) => {
          downloadText(filename, csv);
          toast.success(t('sales.export.done', { count: rows }));
        },
        onError: (failure) => {
          const tooLarge = failure instanceof ApiError && failure.code === 'PERIOD_TOO_LARGE';
          toast.error(t('sales.export.error'), {
            description: tooLarge ? t('sales.export.tooLarge') : undefined,
          });
        },
      },
    );
  };

  return (
    <section aria-labelledby={`${id}-title`} className={panel}>
      <div>
        <h2 id={`${id}-title`} className="text-lg font-semibold">
          {t('sales.export.title')}
        </h2>
        <p className="text-sm text-neutral-600 dark:text-neutral-400">{t('sales.export.body')}</p>
      </div>
      <form
        onSubmit={submit}
        noValidate
        className="flex flex-wrap items-end gap-3"
        data-testid="sales-export"
      >
        <Field id={`${id}-from`} label={t('sales.export.from')} error={error}>
          <Input
            id={`${id}-from`}
            type="date"
            data-testid="sales-export-from"
            value={from}
            aria-invalid={Boolean(error)}
            aria-describedby={error ? `${id}-from-error` : undefined}
            onChange={(e) => setFrom(e.target.value)}
          />
        </Field>
        <Field id={`${id}-to`} label={t('sales.export.to')}>
          <Input
            id={`${id}-to`}
            type="date"
            data-testid="sales-export-to"
            value={to}
            onChange={(e) => setTo(e.target.value)}
          />
        </Field>
        <Button type="submit" data-testid="sales-export-submit" disabled={exporter.isPending}>
          <Download aria-hidden="true" className="h-4 w-4" />
          {exporter.isPending ? t('sales.export.preparing') : t('sales.export.download')}
        </Button>
      </form>
    </section>
  );
}

function Dac7Summary() {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [thisYear] = useState(() => new Date().getUTCFullYear());
  const [year, setYear] = useState(thisYear);
  const query = useDac7(year);
  const years = Array.from({ length: 5 }, (_, i) => thisYear - i);
  const money = (c: Dac7Counterparty, cents: number) =>
    formatMoney({ amount: cents, currency: c.currency }, i18n.language);

  return (
    <section aria-labelledby={`${id}-title`} className={panel} data-testid="dac7">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id={`${id}-title`} className="text-lg font-semibold">
            {t('sales.dac7.title')}
          </h2>
          <p className="text-sm text-neutral-600 dark:text-neutral-400">
            {t('sales.dac7.body', {
              sales: DAC7_THRESHOLDS.sales,
              amount: formatMoney({ amount: DAC7_THRESHOLDS.amountEurCents, currency: 'EUR' }, i18n.language),
            })}
          </p>
        </div>
        <Field id={`${id}-year`} label={t('sales.dac7.year')}>
          <Select
            id={`${id}-year`}
            data-testid="dac7-year"
            value={year}
            onChange={(e) => setYear(Number(e.target.value))}
            className="w-auto"
          >
            {years.map((y) => (
              <option key={y} value={y}>
                {y}
              </option>
            ))}
          </Select>
        </Field>
      </div>
      {query.isPending ? (
        <CenteredSpinner label={t('common.loading')} className="min-h-32" />
      ) : query.isError ? (
        <div role="alert" data-testid="dac7-error" className="flex flex-col items-center gap-2 p-4 text-sm">
          {t('sales.dac7.error')}
          <Button size="sm" variant="outline" onClick={() => void query.refetch()}>
            {t('errors.retry')}
          </Button>
        </div>
      ) : query.data.counterparties.length === 0 ? (
        <p role="status" data-testid="dac7-empty" className="p-4 text-center text-sm text-neutral-500">
          {t('sales.dac7.empty', { year })}
        </p>
      ) : (
        <div className="overflow-x-auto">
          <table data-testid="dac7-table" className="w-full min-w-[40rem] text-left text-sm">
            <caption className="sr-only">{t('sales.dac7.caption', { year })}</caption>
            <thead className="text-xs text-neutral-600 dark:text-neutral-400">
              <tr>
                <th scope="col" className="py-2 pr-3 font-medium">
                  {t('sales.dac7.counterparty')}
                </th>
                {[1, 2, 3, 4].map((q) => (
                  <th key={q} scope="col" className="px-2 py-2 text-right font-medium">
                    {t('sales.dac7.quarter', { quarter: q })}
                  </th>
                ))}
                <th scope="col" className="px-2 py-2 text-right font-medium">
                  {t('sales.dac7.total')}
                </th>
                <th scope="col" className="px-2 py-2 text-right font-medium">
                  {t('sales.dac7.fees')}
                </th>
              </tr>
            </thead>
            <tbody>
              {query.data.counterparties.map((c) => (
                <tr
                  key={`${c.key}:${c.currency}`}
                  data-testid="dac7-row"
                  data-reportable={c.reportable}
                  className="border-t border-neutral-200 dark:border-neutral-800"
                >
                  <th scope="row" className="py-2 pr-3 font-medium">
                    <span className="break-words">{c.name}</span>{' '}
                    {c.reportable && (
                      <Badge tone="orange" data-testid="dac7-reportable">
                        {t('sales.dac7.reportable')}
                      </Badge>
                    )}
                  </th>
                  {c.quarters.map((q) => (
                    <td key={q.quarter} className="px-2 py-2 text-right tabular-nums">
                      {money(c, q.amount)}
                      <span className="block text-xs text-neutral-500">
                        {t('sales.dac7.salesCount', { count: q.sales })}
                      </span>
                    </td>
                  ))}
                  <td className="px-2 py-2 text-right font-semibold tabular-nums">
                    {money(c, c.totalAmount)}
                    <span className="block text-xs font-normal text-neutral-500">
                      {t('sales.dac7.salesCount', { count: c.totalSales })}
                    </span>
                  </td>
                  <td className="px-2 py-2 text-right tabular-nums">{money(c, c.totalFees)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
