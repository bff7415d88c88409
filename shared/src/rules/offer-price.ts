import type { OfferStatus } from '../contracts/offers';

/**
 * Offer money, shared by the API, the emails and the SPA so every screen shows the same
 * figures. Prices are cents per pair; a line's total is price × quantity.
 */
export interface PricedLine {
  offeredPrice: number;
  quantity: number;
}

export function lineTotal(line: PricedLine): number {
  return line.offeredPrice * line.quantity;
}

/** What the sender offered for all its lines together. */
export function offerTotal(lines: readonly PricedLine[]): number {
  return lines.reduce((sum, line) => sum + lineTotal(line), 0);
}

/**
 * The price both sides agreed on, or null while nothing is agreed. `offered` and
 * `counterPrice` are in the same unit: per pair on a signed-in offer's line, the total of
 * all lines on an anonymous offer (whose counter is one price for everything). Only a countered offer
 * carries a counter price, and the receiver can only accept an offer that was not countered
 * (the sender accepts a counter; for an anonymous offer the store records that the sender
 * took it), so an accepted offer with a counter price was agreed at the counter.
 */
export function agreedPrice(offer: {
  status: OfferStatus;
  offered: number;
  counterPrice: number | null;
}): number | null {
  if (offer.status !== 'accepted') return null;
  return offer.counterPrice ?? offer.offered;
}
