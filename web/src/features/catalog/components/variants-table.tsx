import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Product, Variant } from '@sneakers/shared';
import { SIZE_SYSTEMS } from '@sneakers/shared/size-chart';
import { formatRetail, sizeCell, sortVariants } from '../model/format';

/** A product's sizes in every system, by size; '-' where a system has none. */
export function VariantsTable({ product, variants }: { product: Product; variants: readonly Variant[] }) {
  const { t, i18n } = useTranslation();
  const captionId = useId();
  if (variants.length === 0)
    return (
      <p
        role="status"
        data-testid="variants-empty"
        className="rounded-xl border border-dashed border-neutral-300 p-6 text-center text-sm text-neutral-600 dark:border-neutral-700 dark:text-neutral-400"
      >
        {t('catalog.variants.empty')}
      </p>
    );
  const th =
    'px-3 py-2 text-left text-xs font-semibold tracking-wide whitespace-nowrap text-neutral-600 uppercase dark:text-neutral-400';
  return (
    // Scrolls sideways on a phone; focusable so a keyboard can scroll it too.
    <div
      className="overflow-x-auto rounded-xl border border-neutral-200 dark:border-neutral-800"
      tabIndex={0}
      role="region"
      aria-labelledby={captionId}
    >
      <table data-testid="variants-table" className="w-full min-w-[36rem] text-sm">
        <caption id={captionId} className="sr-only">
          {t('catalog.variants.caption', { count: variants.length })}
        </caption>
        <thead className="bg-neutral-50 dark:bg-neutral-900">
          <tr>
            <th scope="col" className={th}>
              {t('catalog.variants.label')}
            </th>
            {SIZE_SYSTEMS.map((system) => (
              <th key={system} scope="col" className={th}>
                {t(`catalog.systems.${system}`)}
              </th>
            ))}
            <th scope="col" className={`${th} text-right`}>
              {t('catalog.variants.price')}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-neutral-200 dark:divide-neutral-800">
          {sortVariants(variants).map((variant) => (
            <tr key={variant.id} data-testid="variant-row">
              <th scope="row" className="px-3 py-2 text-left font-medium whitespace-nowrap">
                {variant.label.trim().toUpperCase()}
              </th>
              {SIZE_SYSTEMS.map((system) => (
                <td key={system} className="px-3 py-2 whitespace-nowrap">
                  {sizeCell(variant.size[system])}
                </td>
              ))}
              <td className="px-3 py-2 text-right whitespace-nowrap">
                {formatRetail(variant.retailPrice, product.currency, i18n.language)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
