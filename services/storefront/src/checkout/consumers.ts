import { checkoutExpired, checkoutPaid } from '@sneakers/events/billing';
import { orderCreated } from '@sneakers/events/commerce';
import { consumer, type Consumer } from '@sneakers/shared/runtime/function';
import { checkoutDeps } from './deps';
import { onCheckoutExpired, onCheckoutPaid, onOrderCreated } from './domain';

/** The provider's outcome (through billing's webhook) and commerce's order, for storefront checkouts. */
export const checkoutConsumers: Consumer[] = [
  consumer('storefront-checkout-paid', checkoutPaid, (detail) => onCheckoutPaid(checkoutDeps(), detail.data)),
  consumer('storefront-checkout-expired', checkoutExpired, (detail) =>
    onCheckoutExpired(checkoutDeps(), detail.data),
  ),
  consumer('storefront-order-created', orderCreated, (detail) => onOrderCreated(checkoutDeps(), detail.data)),
];
