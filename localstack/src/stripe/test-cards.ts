import type { CardBehaviour } from './types';

/**
 * Stripe's test cards and test payment method ids the stand-in knows
 * (https://docs.stripe.com/testing). Any other number that passes the Luhn check is treated
 * as a Visa that succeeds, so a person typing a card by hand is not stuck.
 */

export interface TestCard {
  number: string;
  brand: string;
  behaviour: CardBehaviour;
  /** What the Checkout page says of it. */
  label: string;
  /** The test payment method id that stands for it (`pm_card_…`). */
  paymentMethod: string;
}

export const TEST_CARDS: readonly TestCard[] = [
  {
    number: '4242424242424242',
    brand: 'visa',
    behaviour: 'succeeds',
    label: 'Succeeds',
    paymentMethod: 'pm_card_visa',
  },
  {
    number: '4000000000000002',
    brand: 'visa',
    behaviour: 'declined',
    label: 'Declined',
    paymentMethod: 'pm_card_visa_chargeDeclined',
  },
  {
    number: '4000002500003155',
    brand: 'visa',
    behaviour: 'authentication_required',
    label: 'Needs 3-D Secure authentication',
    paymentMethod: 'pm_card_authenticationRequired',
  },
  {
    number: '4000000000000341',
    brand: 'visa',
    behaviour: 'charge_fails',
    label: 'Attaches, but every later charge fails',
    paymentMethod: 'pm_card_chargeCustomerFail',
  },
  {
    number: '5555555555554444',
    brand: 'mastercard',
    behaviour: 'succeeds',
    label: 'Succeeds (Mastercard)',
    paymentMethod: 'pm_card_mastercard',
  },
];

export function luhnValid(number: string): boolean {
  if (!/^\d{12,19}$/.test(number)) return false;
  let sum = 0;
  [...number].reverse().forEach((ch, i) => {
    let d = Number(ch);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  });
  return sum % 10 === 0;
}

export function cardByNumber(number: string): TestCard | undefined {
  const digits = number.replace(/[\s-]/g, '');
  const known = TEST_CARDS.find((c) => c.number === digits);
  if (known) return known;
  if (!luhnValid(digits)) return undefined;
  return {
    number: digits,
    brand: digits.startsWith('5') ? 'mastercard' : 'visa',
    behaviour: 'succeeds',
    label: 'Succeeds',
    paymentMethod: 'pm_card_visa',
  };
}

export function cardByPaymentMethod(id: string): TestCard | undefined {
  return TEST_CARDS.find((c) => c.paymentMethod === id);
}
