import {
  BOOKING_STATUSES,
  toCents,
  type Booking,
  type BookingCreate,
  type BookingStatus,
  type BookingUpdate,
  type Client,
  type ItemCreate,
} from '@sneakers/shared';
import { prepaidWithinPrice, remainingAmount } from '@sneakers/shared/rules/booking-money';
import { amountBoundKey } from '../../../lib/field-errors';

export { BOOKING_STATUSES };

/** Active blue, found green, cancelled red, completed purple (docs/product/clients-and-bookings.md#booking-statuses). */
export const STATUS_CLASSES: Record<BookingStatus, string> = {
  active: 'bg-blue-100 text-blue-800 dark:bg-blue-950 dark:text-blue-200',
  found: 'bg-green-100 text-green-800 dark:bg-green-950 dark:text-green-200',
  cancelled: 'bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-200',
  completed: 'bg-purple-100 text-purple-800 dark:bg-purple-950 dark:text-purple-200',
};

export const PLACEHOLDER_IMAGE =
  'data:image/svg+xml;charset=utf-8,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#e5e5e5"/><path d="M12 40h40l-6-10-10 4-8-8z" fill="#a3a3a3"/></svg>',
  );

/** Cents from what a person typed, or null when it is not an amount. */
export function parseAmount(text: string): number | null {
  if (text.trim() === '') return null;
  try {
    return toCents(text);
  } catch {
    return null;
  }
}

export function centsToInput(cents: number): string {
  return (cents / 100).toFixed(2);
}

export interface BookingDraft {
  clientId: string;
  itemSku: string;
  itemName: string;
  itemBrand: string;
  itemColorway: string;
  itemImageUrl: string;
  size: string;
  /** The catalogue variant picked (docs/product/clients-and-bookings.md#booking-form); null when typed by hand. */
  productVariantId: string | null;
  salePrice: string;
  prepaidAmount: string;
  notes: string;
}

export type BookingDraftErrors = Partial<Record<keyof BookingDraft, string>>;

export function emptyBookingDraft(clientId = ''): BookingDraft {
  return {
    clientId,
    itemSku: '',
    itemName: '',
    itemBrand: '',
    itemColorway: '',
    itemImageUrl: '',
    size: '',
    productVariantId: null,
    salePrice: '',
    prepaidAmount: '0',
    notes: '',
  };
}

export function draftFromBooking(b: Booking): BookingDraft {
  return {
    clientId: b.clientId,
    itemSku: b.itemSku,
    itemName: b.itemName,
    itemBrand: b.itemBrand,
    itemColorway: b.itemColorway,
    itemImageUrl: b.itemImageUrl ?? '',
    size: b.size,
    productVariantId: b.productVariantId,
    salePrice: centsToInput(b.salePrice),
    prepaidAmount: centsToInput(b.prepaidAmount),
    notes: b.notes ?? '',
  };
}

/** Product (sku + name), size and client: the submit stays disabled without them. */
export function hasRequired(d: BookingDraft): boolean {
  return [d.clientId, d.itemSku, d.itemName, d.size].every((v) => v.trim() !== '');
}

export interface DraftAmounts {
  salePrice: number;
  prepaidAmount: number;
  /** What the client still owes (the shared booking money rule). */
  remaining: number;
  /** False while the prepaid amount is above the sale price (the form says so). */
  withinPrice: boolean;
}

/** The typed amounts in cents (null while the sale price or the prepaid amount is not a number). */
export function amountsOf(d: BookingDraft): DraftAmounts | null {
  const salePrice = parseAmount(d.salePrice);
  const prepaidAmount = d.prepaidAmount.trim() === '' ? 0 : parseAmount(d.prepaidAmount);
  if (salePrice === null || prepaidAmount === null) return null;
  const amounts = { salePrice, prepaidAmount };
  return { ...amounts, remaining: remainingAmount(amounts), withinPrice: prepaidWithinPrice(amounts) };
}

function isUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** Error values are i18n keys under bookings.form.errors. */
export function validateBookingDraft(d: BookingDraft): BookingDraftErrors {
  const errors: BookingDraftErrors = {};
  if (!d.clientId) errors.clientId = 'bookings.form.errors.client';
  if (!d.itemSku.trim() || !d.itemName.trim()) errors.itemName = 'bookings.form.errors.product';
  if (!d.size.trim()) errors.size = 'bookings.form.errors.size';
  const sale = parseAmount(d.salePrice);
  if (d.salePrice.trim() === '') errors.salePrice = 'bookings.form.errors.salePriceRequired';
  else if (sale === null) errors.salePrice = 'bookings.form.errors.amount';
  else if (amountBoundKey(sale)) errors.salePrice = amountBoundKey(sale);
  const prepaid = d.prepaidAmount.trim() === '' ? 0 : parseAmount(d.prepaidAmount);
  if (prepaid === null) errors.prepaidAmount = 'bookings.form.errors.amount';
  else if (amountBoundKey(prepaid)) errors.prepaidAmount = amountBoundKey(prepaid);
  else if (sale !== null && !prepaidWithinPrice({ salePrice: sale, prepaidAmount: prepaid }))
    errors.prepaidAmount = 'bookings.form.errors.prepaidAbovePrice';
  if (d.itemImageUrl.trim() && !isUrl(d.itemImageUrl.trim()))
    errors.itemImageUrl = 'bookings.form.errors.imageUrl';
  return errors;
}

export function draftToCreate(d: BookingDraft, currency: BookingCreate['currency']): BookingCreate {
  return {
    clientId: d.clientId,
    itemSku: d.itemSku.trim(),
    itemName: d.itemName.trim(),
    itemBrand: d.itemBrand.trim(),
    itemColorway: d.itemColorway.trim(),
    itemImageUrl: d.itemImageUrl.trim() || null,
    size: d.size.trim(),
    productVariantId: d.productVariantId,
    salePrice: parseAmount(d.salePrice) ?? 0,
    prepaidAmount: d.prepaidAmount.trim() === '' ? 0 : (parseAmount(d.prepaidAmount) ?? 0),
    ...(currency ? { currency } : {}),
    notes: d.notes.trim() || null,
  };
}

export function draftToUpdate(d: BookingDraft): BookingUpdate {
  const { clientId: _clientId, currency: _currency, ...changes } = draftToCreate(d, undefined);
  return changes;
}

/**
 * Create WTB (docs/product/clients-and-bookings.md#create-wtb): a public pending WTB item linked to the booking, at the
 * target price the store confirmed (the sale price is only the suggestion).
 */
export function wtbFromBooking(b: Booking, targetPrice: number | null): ItemCreate {
  return {
    listType: 'wtb',
    sku: b.itemSku,
    name: b.itemName,
    brand: b.itemBrand,
    colorway: b.itemColorway,
    imageUrl: b.itemImageUrl,
    sizes: [b.size],
    targetPrice,
    currency: b.currency,
    bookingId: b.id,
    visibility: 'public',
    status: 'pending',
  };
}

/** The WTB confirm dialog's price: empty is no target price; errors are i18n keys. */
export function parseTargetPrice(text: string): { price: number | null } | { error: string } {
  if (text.trim() === '') return { price: null };
  const price = parseAmount(text);
  return price === null ? { error: 'bookings.wtb.errors.price' } : { price };
}

export function shareLink(b: Pick<Booking, 'shareId'>, origin = window.location.origin): string {
  return `${origin}/booking/${encodeURIComponent(b.shareId)}`;
}

/** Client search over name, email, phone and instagram (case and '@' insensitive). */
export function matchesClient(c: Client, search: string): boolean {
  const q = search.trim().toLowerCase().replace(/^@/, '');
  if (!q) return true;
  return [c.name, c.email, c.phone, c.instagramHandle ?? ''].some((v) => v.toLowerCase().includes(q));
}

export function initialOf(name: string): string {
  return (name.trim()[0] ?? '?').toUpperCase();
}

export function formatDate(iso: string, locale: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(date);
}
