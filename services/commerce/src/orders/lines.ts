import type { Order, OrderLine, SharedOrder } from '@sneakers/shared/contracts/orders';

/**
 * Pure order money and shapes: the total, how an anonymous offer's counter (one price for all
 * its lines) becomes unit prices, and what the public page may show.
 */
export function orderTotal(lines: readonly Pick<OrderLine, 'quantity' | 'unitPrice'>[]): number {
  return lines.reduce((sum, line) => sum + line.quantity * line.unitPrice, 0);
}

export interface PricedDraft {
  quantity: number;
  /** What the sender offered per pair. */
  offeredPrice: number;
}

/**
 * Spreads an agreed total over lines in proportion to what was offered for each, in whole
 * cents (largest remainder), so Σ quantity × unitPrice is exactly `total`. A line whose share
 * does not divide by its quantity becomes two: some pairs at one cent more than the others.
 * Each result names the draft it came from.
 */
export function spreadTotal<D extends PricedDraft>(
  drafts: readonly D[],
  total: number,
): { draft: D; quantity: number; unitPrice: number }[] {
  const offered = drafts.reduce((sum, d) => sum + d.offeredPrice * d.quantity, 0);
  const exact = drafts.map((d) =>
    offered > 0 ? (total * d.offeredPrice * d.quantity) / offered : total / drafts.length,
  );
  const shares = exact.map(Math.floor);
  let left = total - shares.reduce((a, b) => a + b, 0);
  const byRemainder = exact
    .map((x, i) => ({ i, r: x - Math.floor(x) }))
    .sort((a, b) => b.r - a.r || a.i - b.i);
  for (const { i } of byRemainder) {
    if (left <= 0) break;
    shares[i]! += 1;
    left -= 1;
  }
  return drafts.flatMap((draft, i) => {
    const share = shares[i]!;
    const unit = Math.floor(share / draft.quantity);
    const extra = share - unit * draft.quantity;
    const parts = [{ draft, quantity: draft.quantity - extra, unitPrice: unit }];
    if (extra > 0) parts.push({ draft, quantity: extra, unitPrice: unit + 1 });
    return parts.filter((p) => p.quantity > 0);
  });
}

/** The shareable page: no buyer contact, notes, costs or ids. */
export function toSharedOrder(order: Omit<Order, 'viewerRole'>): SharedOrder {
  return {
    kind: order.kind,
    status: order.status,
    storeBusinessName: order.storeBusinessName,
    lines: order.lines.map(({ sku, name, brand, colorway, imageUrl, size, quantity, unitPrice }) => ({
      sku,
      name,
      brand,
      colorway,
      imageUrl,
      size,
      quantity,
      unitPrice,
    })),
    currency: order.currency,
    total: order.total,
    createdAt: order.createdAt,
    updatedAt: order.updatedAt,
  };
}
