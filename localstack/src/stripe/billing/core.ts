import { nowSeconds, type Store } from '../store';
import { previousAttributes, type Webhooks } from '../webhooks';

export interface BillingContext {
  store: Store;
  webhooks: Webhooks;
  baseUrl: () => string;
}

/**
 * What every part of billing shares: the state, the customer's clock (its test clock, or the
 * real time) that dates each change, and the announcing of each change as an event.
 */
export function createBillingCore(ctx: BillingContext) {
  const { store, webhooks } = ctx;
  const t = store.tables;

  function clockTime(customerId: string | null | undefined): number {
    const customer = customerId ? t.customers.get(customerId) : undefined;
    const clock = customer?.test_clock ? t.testClocks.get(customer.test_clock) : undefined;
    return clock ? clock.frozen_time : nowSeconds();
  }

  function emit(type: string, object: unknown, at: number, previous?: Record<string, unknown>) {
    webhooks.emit(type, object, at, previous);
  }

  /** Applies `change` to an object and announces `<type>` with its previous attributes. */
  function update<T extends object>(type: string, object: T, at: number, change: (o: T) => void) {
    const before = structuredClone(object);
    change(object);
    const previous = previousAttributes(before, object);
    store.changed();
    if (Object.keys(previous).length > 0) emit(type, object, at, previous);
  }

  return { store, baseUrl: ctx.baseUrl, clockTime, emit, update };
}

export type BillingCore = ReturnType<typeof createBillingCore>;
