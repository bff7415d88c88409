import { useTranslation } from 'react-i18next';
import { formatMoney, type Currency } from '@sneakers/shared/money';
import { Button } from '../../../components/ui/button';
import { basketTotals, finalPrices, removeLine, updateLine, type Basket } from '../model/basket';
import { MoneyInput } from './money-input';

/** The basket's lines with their editable price and discount, the basket discount and the totals. */
export function BasketView({ basket, onChange }: { basket: Basket; onChange: (basket: Basket) => void }) {
  const { t, i18n } = useTranslation();
  const currency: Currency = basket.lines[0]?.currency ?? 'EUR';
  const money = (amount: number) => formatMoney({ amount, currency }, i18n.language);
  const totals = basketTotals(basket);
  const prices = finalPrices(basket);
  return (
    <section
      aria-label={t('storeMode.basket.title')}
      className="flex flex-col gap-3"
      data-testid="store-mode-basket"
    >
      <h2 className="text-lg font-semibold">{t('storeMode.basket.title', { count: basket.lines.length })}</h2>
      <ul className="flex flex-col gap-2">
        {basket.lines.map((line, i) => (
          <li
            key={line.key}
            className="flex flex-wrap items-center gap-2 rounded-lg border border-neutral-200 p-2 dark:border-neutral-800"
            data-testid="store-mode-basket-line"
          >
            <div className="min-w-0 flex-1">
              <p className="truncate font-medium">{line.name}</p>
              <p className="text-xs text-neutral-500">
                {line.sku.toUpperCase()} · {t('storeMode.size', { size: line.size })} ·{' '}
                {money(prices[i] ?? 0)}
              </p>
            </div>
            <MoneyInput
              cents={line.price}
              label={t('storeMode.basket.price', { name: line.name, size: line.size })}
              testId="store-mode-line-price"
              onChange={(price) => onChange(updateLine(basket, line.key, { price }))}
            />
            <MoneyInput
              cents={line.discount}
              label={t('storeMode.basket.lineDiscount', { name: line.name, size: line.size })}
              onChange={(discount) => onChange(updateLine(basket, line.key, { discount }))}
            />
            <Button
              type="button"
              variant="ghost"
              size="sm"
              onClick={() => onChange(removeLine(basket, line.key))}
            >
              {t('storeMode.basket.remove')}
            </Button>
          </li>
        ))}
      </ul>
      <div className="flex items-center justify-end gap-2 text-sm">
        <span>{t('storeMode.basket.basketDiscount')}</span>
        <MoneyInput
          cents={basket.discount}
          label={t('storeMode.basket.basketDiscount')}
          onChange={(discount) => onChange({ ...basket, discount })}
        />
      </div>
      <dl className="grid grid-cols-2 gap-1 text-sm">
        <dt>{t('storeMode.basket.subtotal')}</dt>
        <dd className="text-right">{money(totals.subtotal)}</dd>
        <dt>{t('storeMode.basket.discounts')}</dt>
        <dd className="text-right">−{money(totals.discounts)}</dd>
        <dt className="text-base font-semibold">{t('storeMode.basket.total')}</dt>
        <dd className="text-right text-base font-semibold" data-testid="store-mode-total">
          {money(totals.total)}
        </dd>
      </dl>
    </section>
  );
}
