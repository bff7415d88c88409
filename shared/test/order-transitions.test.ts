import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES, type OrderStatus } from '../src/contracts/orders';
import { canTransition, FULFILLABLE_STATUSES, nextStatuses } from '../src/rules/order-transitions';

describe('order transitions', () => {
  it('follows pending → paid → shipped → delivered, with cancel until shipped', () => {
    expect(nextStatuses('pending')).toEqual(['paid', 'cancelled']);
    expect(nextStatuses('paid')).toEqual(['shipped', 'cancelled']);
    expect(nextStatuses('shipped')).toEqual(['delivered']);
  });

  it('has two final statuses', () => {
    expect(nextStatuses('delivered')).toEqual([]);
    expect(nextStatuses('cancelled')).toEqual([]);
  });

  it('refuses every move the table does not list, including staying put and going back', () => {
    const allowed = new Set([
      'pending>paid',
      'pending>cancelled',
      'paid>shipped',
      'paid>cancelled',
      'shipped>delivered',
    ]);
    for (const from of ORDER_STATUSES)
      for (const to of ORDER_STATUSES)
        expect(canTransition(from, to), `${from} → ${to}`).toBe(allowed.has(`${from}>${to}`));
  });

  it('never cancels a fulfilled order', () => {
    expect(nextStatuses('paid', true)).toEqual(['shipped']);
    expect(canTransition('paid', 'cancelled', true)).toBe(false);
    expect(canTransition('paid', 'shipped', true)).toBe(true);
  });

  it('fulfils paid, shipped and delivered orders only', () => {
    const fulfillable: OrderStatus[] = ['paid', 'shipped', 'delivered'];
    expect([...FULFILLABLE_STATUSES].sort()).toEqual(fulfillable.sort());
  });
});
