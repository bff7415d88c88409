import { useTranslation } from 'react-i18next';
import { formatMoney } from '@sneakers/shared/money';
import { Button } from '../../../components/ui/button';
import type { SaleCreate, SalePaymentMethod } from '@sneakers/shared/contracts/sales';

export interface ReceiptData {
  number: string;
  at: string;
  storeName: string;
  buyer: string;
  method: SalePaymentMethod;
  lines: { name: string; sku: string; size: string; sale: SaleCreate }[];
}

/** The sale's receipt, printable (the browser's print dialog prints only this part). */
export function Receipt({ receipt, onDone }: { receipt: ReceiptData; onDone: () => void }) {
  const { t, i18n } = useTranslation();
  const currency = receipt.lines[0]?.sale.currency ?? 'EUR';
  const money = (amount: number) => formatMoney({ amount, currency }, i18n.language);
  const total = receipt.lines.reduce((sum, l) => sum + l.sale.salePrice, 0);
  return (
    <section
      className="flex flex-col gap-3"
      aria-labelledby="store-mode-receipt-title"
      data-testid="store-mode-receipt"
    >
      <div className="store-mode-receipt rounded-lg border border-neutral-200 p-4 dark:border-neutral-800">
        <h2 id="store-mode-receipt-title" className="text-lg font-semibold">
          {receipt.storeName}
        </h2>
        <p className="text-xs text-neutral-500">
          {t('storeMode.receipt.number', { number: receipt.number })} ·{' '}
          {new Date(receipt.at).toLocaleString(i18n.language)}
        </p>
        <p className="mt-1 text-sm">{t('storeMode.receipt.buyer', { buyer: receipt.buyer })}</p>
        <ul className="my-3 flex flex-col gap-1 text-sm">
          {receipt.lines.map((line, i) => (
            <li key={i} className="flex justify-between gap-2">
              <span>
                {line.name} · {t('storeMode.size', { size: line.size })}
              </span>
              <span>{money(line.sale.salePrice)}</span>
            </li>
          ))}
        </ul>
        <p className="flex justify-between font-semibold">
          <span>{t('storeMode.basket.total')}</span>
          <span>{money(total)}</span>
        </p>
        <p className="text-sm">
          {t('storeMode.receipt.paidWith', { method: t(`storeMode.methods.${receipt.method}`) })}
        </p>
      </div>
      <div className="flex gap-2 print:hidden">
        <Button type="button" variant="outline" onClick={() => window.print()}>
          {t('storeMode.receipt.print')}
        </Button>
        <Button type="button" onClick={onDone} data-testid="store-mode-next-sale">
          {t('storeMode.receipt.next')}
        </Button>
      </div>
    </section>
  );
}
