/**
 * Booking money rules (docs/product/clients-and-bookings.md#booking-form), shared by the crm service and the booking form:
 * amounts are integer cents; the deposit (prepaid) never exceeds the sale price.
 */
export const PREPAID_ABOVE_PRICE_MESSAGE = 'The prepaid amount cannot exceed the sale price.';

export interface BookingAmounts {
  salePrice: number;
  prepaidAmount: number;
}

export function prepaidWithinPrice({ salePrice, prepaidAmount }: BookingAmounts): boolean {
  return prepaidAmount <= salePrice;
}

/** What the client still owes (never below zero). */
export function remainingAmount({ salePrice, prepaidAmount }: BookingAmounts): number {
  return Math.max(0, salePrice - prepaidAmount);
}

/** The prepaid and remaining lines are shown (form, emails, shared page) only above zero. */
export function showsPrepaid({ prepaidAmount }: Pick<BookingAmounts, 'prepaidAmount'>): boolean {
  return prepaidAmount > 0;
}
