import type { Currency } from '@sneakers/shared/money';
import type { SaleCreate, SalePaymentMethod } from '@sneakers/shared/contracts/sales';
import { pairKey, type CounterPair } from './counter-index';

/**
 * The counter's basket (docs/product/store-mode.md#selling): pairs with an editable price and
 * a discount per line, and a discount on the whole basket shared over the lines in proportion
 * to their price. Amounts are integer cents. Pure.
 */
export interface BasketLine {
  key: string;
  itemId: string;
  size: string;
  sku: string;
  name: string;
  imageUrl: string | null;
  currency: Currency;
  /** The asking price at first, editable. */
  price: number;
  discount: number;
}

export interface Basket {
  lines: BasketLine[];
  discount: number;
}

export const EMPTY_BASKET: Basket = { lines: [], discount: 0 };

export function addPair(basket: Basket, pair: CounterPair): Basket {
  const key = pairKey(pair.item.id, pair.size);
  if (!pair.item.isBulk && basket.lines.some((l) => l.key === key)) return basket;
  const line: BasketLine = {
    key: pair.item.isBulk ? `${key}#${basket.lines.length}` : key,
    itemId: pair.item.id,
    size: pair.size,
    sku: pair.item.sku,
    name: pair.item.name,
    imageUrl: pair.item.imageUrl,
    currency: pair.item.currency,
    price: pair.item.askingPrice ?? 0,
    discount: 0,
  };
  return { ...basket, lines: [...basket.lines, line] };
}

export function updateLine(
  basket: Basket,
  key: string,
  change: Partial<Pick<BasketLine, 'price' | 'discount'>>,
): Basket {
  return { ...basket, lines: basket.lines.map((l) => (l.key === key ? { ...l, ...change } : l)) };
}

export function removeLine(basket: Basket, key: string): Basket {
  const lines = basket.lines.filter((l) => l.key !== key);
  return { lines, discount: lines.length ? basket.discount : 0 };
}

const afterLineDiscount = (line: BasketLine) => Math.max(0, line.price - line.discount);

/**
 * Each line's final price: its own discount, then its share of the basket's in proportion to
 * the price (rounded down; the cents left go one by one to the dearest lines).
 */
export function finalPrices(basket: Basket): number[] {
  const base = basket.lines.map(afterLineDiscount);
  const subtotal = base.reduce((a, b) => a + b, 0);
  const discount = Math.min(basket.discount, subtotal);
  if (discount <= 0) return base;
  const shares = base.map((price) => Math.floor((discount * price) / subtotal));
  let left = discount - shares.reduce((a, b) => a + b, 0);
  const dearest = base.map((price, i) => ({ price, i })).sort((a, b) => b.price - a.price);
  for (let n = 0; left > 0; n = (n + 1) % dearest.length) {
    const line = dearest[n];
    if (line && (shares[line.i] ?? 0) < line.price) {
      shares[line.i] = (shares[line.i] ?? 0) + 1;
      left -= 1;
    }
  }
  return base.map((price, i) => price - (shares[i] ?? 0));
}

export function basketTotals(basket: Basket) {
  const subtotal = basket.lines.reduce((sum, l) => sum + l.price, 0);
  const total = finalPrices(basket).reduce((a, b) => a + b, 0);
  return { subtotal, discounts: subtotal - total, total, units: basket.lines.length };
}

export interface Buyer {
  clientId: string | null;
  /** Used when there is no client: the walk-in buyer's name. */
  buyerName: string;
}

/** One commerce sale per line, as the outbox sends them. */
export function saleBodies(
  basket: Basket,
  method: SalePaymentMethod,
  buyer: Buyer,
  saleDate: string,
): SaleCreate[] {
  const prices = finalPrices(basket);
  return basket.lines.map((line, i) => ({
    source: 'inventory',
    itemId: line.itemId,
    size: line.size,
    salePrice: prices[i] ?? line.price,
    currency: line.currency,
    saleDate,
    paymentMethod: method,
    ...(buyer.clientId ? { clientId: buyer.clientId } : { buyerName: buyer.buyerName }),
  }));
}
