import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Currency } from '@sneakers/shared/money';
import { buttonClass } from '../../../components/ui/button-styles';
import type { StorefrontFilters } from '../api/queries';
import { centsOfInput } from '../model/money';
import { inputClass, selectClass } from './shop-frame';

type Chosen = Pick<StorefrontFilters, 'brand' | 'size' | 'min' | 'max'>;

const units = (cents: number | null) => (cents === null ? '' : String(cents / 100));

/**
 * Brand, size (in the buyer's system) and price range: a bottom sheet on phones, a panel
 * under the search on wider screens. Applied together with "Show products".
 */
export function FiltersPanel({
  brands,
  sizes,
  currency,
  value,
  onChange,
  onClose,
}: {
  brands: readonly string[];
  /** [value sent, label shown] in the buyer's size system. */
  sizes: ReadonlyArray<readonly [string, string]>;
  currency: Currency;
  value: Chosen;
  onChange: (next: Chosen) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [brand, setBrand] = useState(value.brand);
  const [size, setSize] = useState(value.size);
  const [min, setMin] = useState(units(value.min));
  const [max, setMax] = useState(units(value.max));
  const first = useRef<HTMLSelectElement>(null);
  useEffect(() => first.current?.focus(), []);

  return (
    <section
      id="store-filters"
      aria-label={t('shop.filters.title')}
      data-testid="store-filters"
      onKeyDown={(event) => {
        if (event.key === 'Escape') onClose();
      }}
      className="fixed inset-x-0 bottom-0 z-30 max-h-[80svh] overflow-y-auto rounded-t-2xl border-t border-neutral-200 bg-white p-4 shadow-2xl sm:static sm:z-auto sm:mt-2 sm:rounded-lg sm:border sm:shadow-none dark:border-neutral-800 dark:bg-neutral-900"
    >
      <div className="flex items-center justify-between sm:hidden">
        <h2 className="text-lg font-semibold">{t('shop.filters.title')}</h2>
        <button type="button" className={buttonClass('ghost', 'sm')} onClick={onClose}>
          {t('shop.filters.close')}
        </button>
      </div>
      <form
        className="mt-2 grid gap-3 sm:mt-0 sm:grid-cols-4 sm:items-end"
        onSubmit={(event) => {
          event.preventDefault();
          const low = centsOfInput(min);
          const high = centsOfInput(max);
          onChange({ brand, size, min: low, max: high });
          onClose();
        }}
      >
        <label className="grid gap-1 text-sm">
          {t('shop.filters.brand')}
          <select
            ref={first}
            className={selectClass}
            value={brand}
            onChange={(e) => setBrand(e.target.value)}
          >
            <option value="">{t('shop.filters.anyBrand')}</option>
            {brands.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </label>
        <label className="grid gap-1 text-sm">
          {t('shop.filters.size')}
          <select className={selectClass} value={size} onChange={(e) => setSize(e.target.value)}>
            <option value="">{t('shop.filters.anySize')}</option>
            {sizes.map(([sent, label]) => (
              <option key={sent} value={sent}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <label className="grid gap-1 text-sm">
          {t('shop.filters.minPrice')} ({currency})
          <input
            className={inputClass}
            inputMode="decimal"
            value={min}
            onChange={(e) => setMin(e.target.value)}
          />
        </label>
        <label className="grid gap-1 text-sm">
          {t('shop.filters.maxPrice')} ({currency})
          <input
            className={inputClass}
            inputMode="decimal"
            value={max}
            onChange={(e) => setMax(e.target.value)}
          />
        </label>
        <div className="flex gap-2 sm:col-span-4 sm:justify-end">
          <button
            type="button"
            className={buttonClass('outline')}
            onClick={() => {
              onChange({ brand: '', size: '', min: null, max: null });
              onClose();
            }}
          >
            {t('shop.filters.clear')}
          </button>
          <button type="submit" className={buttonClass()}>
            {t('shop.filters.apply')}
          </button>
        </div>
      </form>
    </section>
  );
}
