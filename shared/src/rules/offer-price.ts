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

/**
 * A line as its answers left it. `status` null: not known (an event written before lines
 * carried their answers), counted as offered.
 */
export interface AnsweredLine extends PricedLine {
  status: OfferStatus | null;
  counterPrice: number | null;
}

/** Lines that left the deal: nothing will be traded on them. */
const OUT_OF_DEAL: ReadonlySet<OfferStatus> = new Set(['declined', 'withdrawn', 'expired']);
const OPEN: ReadonlySet<OfferStatus> = new Set(['pending', 'countered']);

/**
 * What one line adds to its offer's total (docs/product/offers.md#offer-total): an accepted
 * line its agreed price (the counter when a counter was accepted) × quantity; an open line
 * (pending or countered) its offered price, since nothing else is agreed yet; a declined,
 * withdrawn or expired line nothing, as it left the deal.
 */
export function agreedLineTotal(line: AnsweredLine): number {
  if (line.status === 'accepted') return (line.counterPrice ?? line.offeredPrice) * line.quantity;
  if (line.status !== null && OUT_OF_DEAL.has(line.status)) return 0;
  return lineTotal(line);
}

/**
 * The total every screen, email and order shows for a signed-in offer (its group of lines):
 * the sum of each line's `agreedLineTotal`. €125 + €210 offered, the first accepted and the
 * second countered at €215 and accepted: €340.
 */
export function agreedTotal(lines: readonly AnsweredLine[]): number {
  return lines.reduce((sum, line) => sum + agreedLineTotal(line), 0);
}

/**
 * The same rule for an anonymous offer, whose lines share one status and whose counter is one
 * price for all of them: accepted, the counter (or the offered total); open, the offered
 * total; declined, withdrawn or expired, nothing.
 */
export function anonymousAgreedTotal(offer: {
  status: OfferStatus;
  lines: readonly PricedLine[];
  counterPrice: number | null;
}): number {
  const offered = offerTotal(offer.lines);
  if (offer.status === 'accepted') return offer.counterPrice ?? offered;
  return OUT_OF_DEAL.has(offer.status) ? 0 : offered;
}

/**
 * Whether an offer's deal is settled: no line still waits for an answer (an expired line is
 * settled), and at least one was accepted. Only then does it become an order, so the order's
 * total is the agreed total and no later answer is left out of it.
 */
export function isDealSettled(lines: readonly { status: OfferStatus }[]): boolean {
  return lines.some((l) => l.status === 'accepted') && !lines.some((l) => OPEN.has(l.status));
}
