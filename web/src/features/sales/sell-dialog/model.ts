import { toCents, type Currency, type SaleCreate } from '@sneakers/shared';
import { amountProblem } from '@sneakers/shared/rules/amounts';
import { COURIER_LABELS } from '@sneakers/shared/rules/shipments';
import { courierOf, isValidTrackingNumber } from '@sneakers/shared/rules/tracking-formats';
import type { SellTarget } from '../../../lib/widget-slots/sell-dialog';

export interface SellDraft {
  size: string;
  salePrice: string;
  fees: string;
  currency: Currency;
  saleDate: string;
  buyer: 'client' | 'name';
  clientId: string;
  buyerName: string;
  shippingCarrier: string;
  trackingNumber: string;
  notes: string;
  notifyClient: boolean;
}

export type SellField =
  | 'size'
  | 'salePrice'
  | 'fees'
  | 'currency'
  | 'saleDate'
  | 'clientId'
  | 'buyerName'
  | 'shippingCarrier'
  | 'trackingNumber'
  | 'notes';
/** Per field: a string key (`sell.errors.*`) or the server's own message. */
export type SellErrors = Partial<Record<SellField, string>>;

const SELL_FIELDS: readonly SellField[] = [
  'size',
  'salePrice',
  'fees',
  'currency',
  'saleDate',
  'clientId',
  'buyerName',
  'shippingCarrier',
  'trackingNumber',
  'notes',
];

export const todayUtc = (now: Date) => now.toISOString().slice(0, 10);

const centsText = (cents: number | null | undefined) =>
  cents === null || cents === undefined ? '' : (cents / 100).toFixed(2);

export function emptySellDraft(target: SellTarget, now: Date): SellDraft {
  return {
    size: target.sizes.length === 1 ? (target.sizes[0] ?? '') : '',
    salePrice: centsText(target.price),
    fees: '',
    currency: target.currency,
    saleDate: todayUtc(now),
    buyer: 'client',
    clientId: '',
    buyerName: '',
    shippingCarrier: '',
    trackingNumber: '',
    notes: '',
    notifyClient: true,
  };
}

/** Cents of a typed amount; undefined when it is not one (empty is 0 where `emptyIs0`). */
export function parseCents(text: string, emptyIs0 = false): number | undefined {
  if (text.trim() === '') return emptyIs0 ? 0 : undefined;
  try {
    return toCents(text);
  } catch {
    return undefined;
  }
}

/** Cents of a typed amount the API would take (within the published bound), else undefined: what a preview may show. */
export function boundedCents(text: string, emptyIs0 = false): number | undefined {
  const cents = parseCents(text, emptyIs0);
  return cents === undefined || amountProblem(cents) ? undefined : cents;
}

/** The error key of a typed amount: not a number, or outside the bound (the API's own words, translated). */
function amountError(cents: number | undefined): string | undefined {
  if (cents === undefined) return 'sell.errors.amount';
  const problem = amountProblem(cents);
  return problem ? `fieldIssue.${problem}` : undefined;
}

const orNull = (text: string) => (text.trim() === '' ? null : text.trim());

/** The create body, or the fields to fix. */
export function validateSellDraft(
  target: SellTarget,
  draft: SellDraft,
): { body: SaleCreate; errors?: undefined } | { body?: undefined; errors: SellErrors } {
  const errors: SellErrors = {};
  const salePrice = parseCents(draft.salePrice);
  const fees = parseCents(draft.fees, true);
  if (draft.size.trim() === '') errors.size = 'sell.errors.size';
  const salePriceError = amountError(salePrice);
  const feesError = amountError(fees);
  if (salePriceError) errors.salePrice = salePriceError;
  if (feesError) errors.fees = feesError;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(draft.saleDate)) errors.saleDate = 'sell.errors.saleDate';
  if (draft.buyer === 'client' && draft.clientId === '') errors.clientId = 'sell.errors.client';
  if (draft.buyer === 'name' && draft.buyerName.trim() === '') errors.buyerName = 'sell.errors.buyerName';
  if (!trackingFits(draft)) errors.trackingNumber = 'sell.errors.tracking';
  if (Object.keys(errors).length > 0 || salePrice === undefined || fees === undefined) return { errors };
  const body: SaleCreate = {
    source: target.source,
    ...(target.source === 'consignment'
      ? { providerId: target.providerId, consignmentId: target.consignmentId }
      : { itemId: target.itemId }),
    size: draft.size.trim(),
    salePrice,
    fees,
    currency: draft.currency,
    saleDate: draft.saleDate,
    ...(draft.buyer === 'client'
      ? { clientId: draft.clientId, notifyClient: draft.notifyClient }
      : { buyerName: draft.buyerName.trim(), notifyClient: false }),
    shippingCarrier: orNull(draft.shippingCarrier),
    trackingNumber: orNull(draft.trackingNumber),
    notes: orNull(draft.notes),
  };
  return { body };
}

/**
 * The courier a typed carrier names, by its brand name (the shared courier rule, the one Add
 * shipment and the sales API apply); null when no carrier is typed.
 */
export function draftCourierLabel(draft: Pick<SellDraft, 'shippingCarrier'>): string | null {
  const courier = courierOf(draft.shippingCarrier);
  return courier ? COURIER_LABELS[courier] : null;
}

/** A carrier with a tracking number: the number must fit the courier's format. */
function trackingFits(draft: SellDraft): boolean {
  const courier = courierOf(draft.shippingCarrier);
  const number = draft.trackingNumber.trim();
  return !courier || !number || isValidTrackingNumber(courier, number);
}

/** The server's field errors (400 VALIDATION_FAILED) on the dialog's fields. */
export function serverSellErrors(fields: Record<string, string[]> | undefined): SellErrors {
  const errors: SellErrors = {};
  for (const field of SELL_FIELDS) {
    const message = fields?.[field]?.[0];
    if (message) errors[field] = message;
  }
  return errors;
}
