import { useTranslation } from 'react-i18next';
import { formatMoney, formatSize, type Currency, type SharedOrder } from '@sneakers/shared';
import { PLACEHOLDER_IMAGE } from '../model/order-form';

/** A line as the shared page sees it; the store's own view adds what one unit cost. */
type LineShown = SharedOrder['lines'][number] & { unitCost?: number | null };

/**
 * An order's lines: picture, product, size, quantity × price and the line's amount. `showCost`
 * (the store's own view) adds each unit's cost when known.
 */
export function OrderLines({
  lines,
  currency,
  label,
  testId,
  lineTestId,
  showCost = false,
}: {
  lines: LineShown[];
  currency: Currency;
  label?: string;
  testId?: string;
  lineTestId: string;
  showCost?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const money = (amount: number) => formatMoney({ amount, currency }, i18n.language);
  return (
    <ul
      aria-label={label}
      data-testid={testId}
      className="flex flex-col divide-y divide-neutral-100 rounded-2xl border border-neutral-200 bg-white dark:divide-neutral-800 dark:border-neutral-800 dark:bg-neutral-900"
    >
      {lines.map((line, i) => (
        // Lines never move on screen: their position is a stable key (shared lines carry no id).
        <li key={i} data-testid={lineTestId} className="flex min-w-0 gap-3 p-3 sm:p-4">
          <img
            src={line.imageUrl ?? PLACEHOLDER_IMAGE}
            alt=""
            loading="lazy"
            onError={(e) => {
              if (e.currentTarget.src !== PLACEHOLDER_IMAGE) e.currentTarget.src = PLACEHOLDER_IMAGE;
            }}
            className="h-16 w-16 shrink-0 rounded-md bg-neutral-100 object-contain sm:h-20 sm:w-20 dark:bg-neutral-800"
          />
          <div className="flex min-w-0 flex-1 flex-col gap-0.5 text-sm">
            <span className="font-medium break-words">{line.name}</span>
            <span className="text-xs break-words text-neutral-500">
              {[line.sku.toUpperCase(), line.brand, line.colorway].filter(Boolean).join(' · ')}
            </span>
            <span className="text-xs">
              {formatSize(line.size)} · {line.quantity} ×{' '}
              <span className="tabular-nums">{money(line.unitPrice)}</span>
              {showCost && typeof line.unitCost === 'number' && (
                <span className="text-neutral-500">
                  {' · '}
                  {t('orders.detail.unitCost', { cost: money(line.unitCost) })}
                </span>
              )}
            </span>
          </div>
          <span className="shrink-0 text-sm font-semibold tabular-nums">
            {money(line.quantity * line.unitPrice)}
          </span>
        </li>
      ))}
    </ul>
  );
}
