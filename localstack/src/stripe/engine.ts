import type { Billing } from './billing';
import { nowSeconds, type Store } from './store';
import type { Webhooks } from './webhooks';

/**
 * The clock. Each subscription follows its customer's clock: a test clock's frozen time, or
 * the real time for a customer without one (a ticker every second runs what is due).
 * Advancing a test clock runs every due transition of its customers in time order (trial
 * notice, trial end, renewal, retries, cancel at period end), each dated at its own moment,
 * then the clock is `ready` once their webhooks are delivered.
 */

/** A bound on the transitions one advance may run (a year of daily retries is far below it). */
const MAX_STEPS = 10_000;

export function createEngine(
  store: Store,
  billing: Billing,
  webhooks: Webhooks,
  log?: (line: string) => void,
) {
  const t = store.tables;

  /** Runs the due transitions of the subscriptions on `clockId` (null: real-time customers) up to `until`. */
  function process(clockId: string | null, until: number) {
    for (let steps = 0; steps < MAX_STEPS; steps++) {
      let next: { at: number; id: string } | undefined;
      for (const sub of t.subscriptions.values()) {
        const customer = t.customers.get(sub.customer);
        if ((customer?.test_clock ?? null) !== clockId) continue;
        const due = billing.nextDue(sub);
        if (due !== undefined && due <= until && (!next || due < next.at)) next = { at: due, id: sub.id };
      }
      if (!next) return;
      const sub = t.subscriptions.get(next.id);
      if (!sub) return;
      const before = JSON.stringify(sub);
      const invoicesBefore = t.invoices.size;
      billing.runDue(sub, Math.max(next.at, 0));
      // A step that changed nothing would loop: stop there, loudly.
      if (
        JSON.stringify(sub) === before &&
        t.invoices.size === invoicesBefore &&
        billing.nextDue(sub) === next.at
      ) {
        log?.(`stripe stand-in: ${sub.id} stuck at ${next.at}`);
        return;
      }
    }
  }

  let ticker: ReturnType<typeof setInterval> | undefined;

  return {
    process,
    /** Moves a test clock to `to`, runs what falls due on the way, then marks it ready. */
    async advance(clockId: string, to: number) {
      const clock = t.testClocks.get(clockId);
      if (!clock) return;
      clock.status = 'advancing';
      clock.status_details = { advancing: { target_frozen_time: to } };
      store.changed();
      await new Promise((r) => setImmediate(r));
      try {
        process(clockId, to);
        clock.frozen_time = to;
        process(clockId, to);
      } catch (error) {
        log?.(`stripe stand-in: advancing ${clockId} failed: ${String(error)}`);
        clock.status = 'internal_failure';
        clock.status_details = {};
        store.changed();
        return;
      }
      await webhooks.settled();
      clock.status = 'ready';
      clock.status_details = {};
      store.changed();
    },
    start() {
      ticker = setInterval(() => {
        try {
          process(null, nowSeconds());
        } catch (error) {
          log?.(`stripe stand-in: the clock failed: ${String(error)}`);
        }
      }, 1000);
      ticker.unref?.();
    },
    stop() {
      if (ticker) clearInterval(ticker);
    },
  };
}

export type Engine = ReturnType<typeof createEngine>;
