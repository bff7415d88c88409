import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Info } from 'lucide-react';
import {
  CHART_BRANDS,
  CHART_GENDERS,
  convertSize,
  formatSizeIn,
  SIZE_SYSTEMS,
  sizeChart,
  type ChartBrand,
  type ChartGender,
  type SizeRow,
  type SizeSystem,
} from '@sneakers/shared/size-chart';
import { Select } from '../../../components/ui/form';
import { cn } from '../../../lib/utils';
import { CHART_BRAND_NAMES } from '../model/size-chart';
import { SuperuserOnly } from './superuser-only';

const isBrand = (v: string): v is ChartBrand => (CHART_BRANDS as readonly string[]).includes(v);
const isGender = (v: string): v is ChartGender => (CHART_GENDERS as readonly string[]).includes(v);
const isSystem = (v: string): v is SizeSystem => (SIZE_SYSTEMS as readonly string[]).includes(v);

/** The size chart section (superusers): a brand's chart by foot length and a converter. */
export function SizeChartSection() {
  const { t } = useTranslation();
  return (
    <div className="flex max-w-5xl min-w-0 flex-col gap-6">
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold tracking-tight">{t('catalog.sizeChart.title')}</h1>
        <p className="text-sm text-neutral-600 dark:text-neutral-400">{t('catalog.sizeChart.intro')}</p>
      </div>
      <SuperuserOnly>
        <SizeChart />
      </SuperuserOnly>
    </div>
  );
}

function SizeChart() {
  const { t } = useTranslation();
  const id = useId();
  const [brand, setBrand] = useState<ChartBrand>('nike');
  const [gender, setGender] = useState<ChartGender>('men');
  const rows = sizeChart(brand, gender);
  return (
    <>
      <p
        data-testid="size-chart-note"
        className="flex items-start gap-2 rounded-xl bg-orange-50 p-3 text-sm text-orange-900 dark:bg-orange-950 dark:text-orange-100"
      >
        <Info aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
        {t('catalog.sizeChart.note')}
      </p>
      <div className="grid grid-cols-2 gap-3 sm:flex">
        <LabelledSelect
          id={`${id}-brand`}
          label={t('catalog.sizeChart.brand')}
          testId="size-chart-brand"
          value={brand}
          onValueChange={(v) => isBrand(v) && setBrand(v)}
          options={CHART_BRANDS}
          optionLabel={(b) => CHART_BRAND_NAMES[b]}
          className="sm:w-48"
        />
        <LabelledSelect
          id={`${id}-gender`}
          label={t('catalog.sizeChart.gender')}
          testId="size-chart-gender"
          value={gender}
          onValueChange={(v) => isGender(v) && setGender(v)}
          options={CHART_GENDERS}
          optionLabel={(g) => t(`catalog.genders.${g}`)}
          className="sm:w-40"
        />
      </div>
      <Converter brand={brand} gender={gender} rows={rows} />
      <ChartTable brand={brand} gender={gender} rows={rows} />
    </>
  );
}

/** A label over a select of `options`, each shown as `optionLabel(option)`. */
function LabelledSelect<T extends string>({
  id,
  label,
  testId,
  value,
  onValueChange,
  options,
  optionLabel,
  className,
}: {
  id: string;
  label: string;
  testId: string;
  value: string;
  onValueChange: (value: string) => void;
  options: readonly T[];
  optionLabel: (option: T) => string;
  className: string;
}) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <Select
        id={id}
        data-testid={testId}
        value={value}
        onChange={(e) => onValueChange(e.target.value)}
        className={className}
      >
        {options.map((option) => (
          <option key={option} value={option}>
            {optionLabel(option)}
          </option>
        ))}
      </Select>
    </div>
  );
}

function Converter({
  brand,
  gender,
  rows,
}: {
  brand: ChartBrand;
  gender: ChartGender;
  rows: readonly SizeRow[];
}) {
  const { t } = useTranslation();
  const id = useId();
  const [system, setSystem] = useState<SizeSystem>('usM');
  const [value, setValue] = useState('9');
  const values = useMemo(() => [...new Set(rows.map((row) => row[system]))], [rows, system]);
  // A value the new brand's chart lacks (adidas' thirds, say) falls back to its first size.
  const picked = values.includes(value) ? value : (values[0] ?? '');
  const row = picked ? convertSize(brand, gender, system, picked) : undefined;
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="flex flex-col gap-3 rounded-xl border border-neutral-200 p-4 dark:border-neutral-800"
    >
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        {t('catalog.sizeChart.converter')}
      </h2>
      <div className="grid grid-cols-2 gap-3 sm:flex">
        <LabelledSelect
          id={`${id}-system`}
          label={t('catalog.sizeChart.from')}
          testId="converter-system"
          value={system}
          onValueChange={(v) => isSystem(v) && setSystem(v)}
          options={SIZE_SYSTEMS}
          optionLabel={(s) => t(`catalog.systems.${s}`)}
          className="sm:w-40"
        />
        <LabelledSelect
          id={`${id}-value`}
          label={t('catalog.sizeChart.size')}
          testId="converter-value"
          value={picked}
          onValueChange={setValue}
          options={values}
          optionLabel={(v) => v}
          className="sm:w-32"
        />
      </div>
      <div aria-live="polite" data-testid="converter-result">
        {row ? (
          <ul className="flex flex-wrap gap-2">
            {SIZE_SYSTEMS.map((s) => (
              <li
                key={s}
                data-testid={`converted-${s}`}
                className={cn(
                  'rounded-lg px-3 py-2 text-sm',
                  s === system
                    ? 'bg-orange-100 font-semibold text-orange-900 dark:bg-orange-950 dark:text-orange-100'
                    : 'bg-neutral-100 dark:bg-neutral-800',
                )}
              >
                <span className="sr-only">{t(`catalog.systems.${s}`)}: </span>
                {formatSizeIn(s, row[s])}
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-neutral-600 dark:text-neutral-400">{t('catalog.sizeChart.noMatch')}</p>
        )}
      </div>
    </section>
  );
}

function ChartTable({
  brand,
  gender,
  rows,
}: {
  brand: ChartBrand;
  gender: ChartGender;
  rows: readonly SizeRow[];
}) {
  const { t } = useTranslation();
  const captionId = useId();
  const th =
    'px-3 py-2 text-left text-xs font-semibold tracking-wide whitespace-nowrap text-neutral-600 uppercase dark:text-neutral-400';
  return (
    <div
      className="overflow-x-auto rounded-xl border border-neutral-200 dark:border-neutral-800"
      tabIndex={0}
      role="region"
      aria-labelledby={captionId}
    >
      <table data-testid="size-chart-table" className="w-full min-w-[32rem] text-sm">
        <caption id={captionId} className="px-3 py-2 text-left text-sm font-medium">
          {t('catalog.sizeChart.caption', {
            brand: CHART_BRAND_NAMES[brand],
            gender: t(`catalog.genders.${gender}`),
          })}
        </caption>
        <thead className="bg-neutral-50 dark:bg-neutral-900">
          <tr>
            <th scope="col" className={th}>
              {t('catalog.sizeChart.foot')}
            </th>
            {SIZE_SYSTEMS.map((s) => (
              <th key={s} scope="col" className={th}>
                {t(`catalog.systems.${s}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-neutral-200 dark:divide-neutral-800">
          {rows.map((row) => (
            <tr key={`${row.footCm}-${row.usM}`} data-testid="size-chart-row">
              <th scope="row" className="px-3 py-1.5 text-left font-medium whitespace-nowrap">
                {row.footCm}
              </th>
              {SIZE_SYSTEMS.map((s) => (
                <td key={s} className="px-3 py-1.5 whitespace-nowrap">
                  {row[s]}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
