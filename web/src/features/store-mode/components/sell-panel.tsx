import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { Client } from '@sneakers/shared/contracts/crm';
import { SALE_PAYMENT_METHODS, type SalePaymentMethod } from '@sneakers/shared/contracts/sales';
import { formatMoney } from '@sneakers/shared/money';
import { Button } from '../../../components/ui/button';
import { useDemoMode } from '../../../lib/demo/demo-mode';
import { showDemoToast } from '../../../lib/demo/demo-toast';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { useCounterClients, type CounterStock } from '../api/queries';
import { addPair, basketTotals, EMPTY_BASKET, saleBodies, type Basket } from '../model/basket';
import {
  buildCounterIndex,
  findScanned,
  pairKey,
  type CounterPair,
  type ScanMatch,
} from '../model/counter-index';
import { todayUtc } from '../model/day-summary';
import type { OutboxEntry } from '../model/outbox';
import { BasketView } from './basket-view';
import { BuyerPicker } from './buyer-picker';
import { Receipt, type ReceiptData } from './receipt';
import { ScanBar } from './scan-bar';
import { UnknownCode } from './unknown-code';

interface SellPanelProps {
  userId: string;
  storeName: string;
  stock: CounterStock;
  outbox: OutboxEntry[];
  enqueue: (entries: OutboxEntry[]) => Promise<void>;
  onReceive: (code: string) => void;
}

/**
 * Selling at the counter (docs/product/store-mode.md#selling): scan, and the pair is in the
 * basket at its asking price; one tap on the payment method records the sale. Each line goes
 * through the device's outbox with its own Idempotency-Key, online or not.
 */
export function SellPanel({ userId, storeName, stock, outbox, enqueue, onReceive }: SellPanelProps) {
  const { t, i18n } = useTranslation();
  const [basket, setBasket] = useState<Basket>(EMPTY_BASKET);
  const [match, setMatch] = useState<ScanMatch | null>(null);
  const [client, setClient] = useState<Client | null>(null);
  const [buyerName, setBuyerName] = useState('');
  const [receipt, setReceipt] = useState<ReceiptData | null>(null);
  const [busy, setBusy] = useState(false);
  const clients = useCounterClients();
  const isDemo = useDemoMode();

  // Pairs in the basket or waiting to sync are not offered again.
  const held = useMemo(() => {
    const keys = new Set(basket.lines.map((l) => pairKey(l.itemId, l.size)));
    for (const entry of outbox)
      if (entry.body.itemId && entry.body.size) keys.add(pairKey(entry.body.itemId, entry.body.size));
    return keys;
  }, [basket, outbox]);
  const index = useMemo(() => buildCounterIndex(stock.items, held), [stock.items, held]);

  const add = (pair: CounterPair) => {
    setBasket((b) => addPair(b, pair));
    setMatch(null);
  };
  const onCode = (code: string) => {
    setReceipt(null);
    const found = findScanned(index, code);
    // One pair: straight into the basket; several: the user picks; none: what the catalogue knows.
    if (found.kind === 'pairs' && found.pairs.length === 1 && found.pairs[0]) add(found.pairs[0]);
    else setMatch(found);
  };

  const sell = async (method: SalePaymentMethod) => {
    if (basket.lines.length === 0 || busy) return;
    // The demo store is read-only: nothing is kept on the device for a sale it cannot make.
    if (isDemo) return showDemoToast();
    setBusy(true);
    try {
      const buyer = client ? client.name : buyerName.trim() || t('storeMode.walkIn');
      const bodies = saleBodies(
        basket,
        method,
        { clientId: client?.id ?? null, buyerName: buyer },
        todayUtc(),
      );
      const createdAt = new Date().toISOString();
      const entries: OutboxEntry[] = bodies.map((body, i) => ({
        key: newIdempotencyKey(),
        userId,
        body,
        label: { sku: basket.lines[i]?.sku ?? '', name: basket.lines[i]?.name ?? '', size: body.size ?? '' },
        state: 'waiting',
        error: null,
        createdAt,
      }));
      await enqueue(entries);
      setReceipt({
        number: entries[0]?.key.slice(0, 8).toUpperCase() ?? '',
        at: createdAt,
        storeName,
        buyer,
        method,
        lines: entries.map((e) => ({ ...e.label, sale: e.body })),
      });
      setBasket(EMPTY_BASKET);
      setClient(null);
      setBuyerName('');
    } catch {
      toast.error(t('storeMode.toast.saveFailed'));
    } finally {
      setBusy(false);
    }
  };

  if (receipt) return <Receipt receipt={receipt} onDone={() => setReceipt(null)} />;

  const total = basketTotals(basket).total;
  const currency = basket.lines[0]?.currency ?? 'EUR';
  return (
    <div className="flex flex-col gap-4">
      <ScanBar onCode={onCode} label={t('storeMode.scan.sellLabel')} />
      {match?.kind === 'pairs' && (
        <section
          aria-label={t('storeMode.scan.choose')}
          className="flex flex-col gap-2"
          data-testid="store-mode-matches"
        >
          <h2 className="text-sm font-semibold">{t('storeMode.scan.choose')}</h2>
          {match.pairs.map((pair) => (
            <Button
              key={`${pair.item.id}#${pair.size}`}
              type="button"
              variant="outline"
              className="h-auto justify-between py-2"
              onClick={() => add(pair)}
            >
              <span className="truncate">
                {pair.item.name} · {t('storeMode.size', { size: pair.size })}
              </span>
              <span>
                {pair.item.askingPrice !== null
                  ? formatMoney(
                      { amount: pair.item.askingPrice, currency: pair.item.currency },
                      i18n.language,
                    )
                  : t('storeMode.noPrice')}
              </span>
            </Button>
          ))}
        </section>
      )}
      {match?.kind === 'unknown' && (
        <UnknownCode match={match} offline={stock.offline} onReceive={() => onReceive(match.code)} />
      )}
      {basket.lines.length === 0 ? (
        <p
          className="rounded-lg border border-dashed border-neutral-300 p-6 text-center text-sm text-neutral-500 dark:border-neutral-700"
          data-testid="store-mode-empty-basket"
        >
          {t('storeMode.basket.empty')}
        </p>
      ) : (
        <>
          <BasketView basket={basket} onChange={setBasket} />
          <BuyerPicker
            clients={clients.data ?? []}
            client={client}
            onClient={setClient}
            buyerName={buyerName}
            onBuyerName={setBuyerName}
          />
          <div
            className="grid grid-cols-3 gap-2"
            role="group"
            aria-label={t('storeMode.payWith', {
              total: formatMoney({ amount: total, currency }, i18n.language),
            })}
          >
            {SALE_PAYMENT_METHODS.map((method) => (
              <Button
                key={method}
                type="button"
                size="lg"
                disabled={busy}
                onClick={() => void sell(method)}
                data-testid={`store-mode-pay-${method}`}
              >
                {t(`storeMode.methods.${method}`)}
              </Button>
            ))}
          </div>
        </>
      )}
    </div>
  );
}
