import { invalid, required } from '../errors';
import { int, str } from '../form';
import { listOf, newId, nowSeconds } from '../store';
import type { TestClock } from '../types';
import type { ApiContext, Route } from './context';

const DAY = 86_400;

/** `/v1/test_helpers/test_clocks`: a customer's time, frozen until advanced. */
export function testClockRoutes(ctx: ApiContext): Route[] {
  const { store, engine } = ctx;
  return [
    {
      method: 'POST',
      path: '/v1/test_helpers/test_clocks',
      handle: ({ params }) => {
        const frozen = int(params, 'frozen_time');
        if (frozen === undefined) throw required('frozen_time');
        if (Number.isNaN(frozen)) throw invalid('frozen_time', 'Invalid integer: frozen_time');
        const clock: TestClock = {
          id: newId('clock_'),
          object: 'test_helpers.test_clock',
          created: nowSeconds(),
          deletes_after: nowSeconds() + 30 * DAY,
          frozen_time: frozen,
          livemode: false,
          name: str(params, 'name') || null,
          status: 'ready',
          status_details: {},
        };
        store.tables.testClocks.set(clock.id, clock);
        store.changed();
        return clock;
      },
    },
    {
      method: 'GET',
      path: '/v1/test_helpers/test_clocks/:id',
      handle: ({ ids }) => store.get('testClocks', ids[0] ?? '', 'test_helpers.test_clock'),
    },
    {
      method: 'GET',
      path: '/v1/test_helpers/test_clocks',
      handle: ({ params }) =>
        listOf([...store.tables.testClocks.values()], params, '/v1/test_helpers/test_clocks'),
    },
    {
      method: 'POST',
      path: '/v1/test_helpers/test_clocks/:id/advance',
      handle: ({ ids, params }) => {
        const clock = store.get('testClocks', ids[0] ?? '', 'test_helpers.test_clock');
        const to = int(params, 'frozen_time');
        if (to === undefined) throw required('frozen_time');
        if (Number.isNaN(to) || to <= clock.frozen_time)
          throw invalid(
            'frozen_time',
            'The frozen time must be after the current frozen time of the test clock.',
          );
        if (clock.status === 'advancing')
          throw invalid('test_clock', 'The test clock is already advancing; wait until its status is ready.');
        void engine.advance(clock.id, to);
        return { ...clock, status: 'advancing', status_details: { advancing: { target_frozen_time: to } } };
      },
    },
    {
      method: 'DELETE',
      path: '/v1/test_helpers/test_clocks/:id',
      handle: ({ ids }) => {
        const clock = store.get('testClocks', ids[0] ?? '', 'test_helpers.test_clock');
        // Stripe deletes the clock's customers (and so their subscriptions) with it.
        for (const customer of [...store.tables.customers.values()])
          if (customer.test_clock === clock.id) {
            store.tables.customers.delete(customer.id);
            for (const [id, sub] of store.tables.subscriptions)
              if (sub.customer === customer.id) store.tables.subscriptions.delete(id);
          }
        store.tables.testClocks.delete(clock.id);
        store.changed();
        return { id: clock.id, object: 'test_helpers.test_clock', deleted: true };
      },
    },
  ];
}
