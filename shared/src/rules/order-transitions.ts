import type { OrderStatus } from '../contracts/orders';

/**
 * Order statuses (pure, shared by the API and the SPA's status buttons): an order is paid or
 * cancelled while pending, shipped or cancelled once paid, delivered once shipped; delivered
 * and cancelled are final. A fulfilled order already became sales, so it can no longer be
 * cancelled (the sales would stay recorded against a cancelled order).
 */
export const ORDER_TRANSITIONS: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  pending: ['paid', 'cancelled'],
  paid: ['shipped', 'cancelled'],
  shipped: ['delivered'],
  delivered: [],
  cancelled: [],
};

/** The statuses an order may move to next (what the SPA offers as buttons). */
export function nextStatuses(status: OrderStatus, fulfilled = false): OrderStatus[] {
  return ORDER_TRANSITIONS[status].filter((next) => !(fulfilled && next === 'cancelled'));
}

export function canTransition(from: OrderStatus, to: OrderStatus, fulfilled = false): boolean {
  return nextStatuses(from, fulfilled).includes(to);
}

/** The statuses in which a sale order may be fulfilled (turned into sales). */
export const FULFILLABLE_STATUSES: readonly OrderStatus[] = ['paid', 'shipped', 'delivered'];
