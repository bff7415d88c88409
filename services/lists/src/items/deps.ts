import { systemClock } from '@sneakers/shared/clock';
import { ulidGenerator } from '@sneakers/shared/ids';
import { lazy } from '@sneakers/shared/runtime/function';
import { tableAccess } from '@sneakers/shared/runtime/table-access';
import { createBookingDirectory } from './booking-directory';
import type { ItemDeps } from './ports';
import { createItemRepository } from './repository';

/** Built on first use, so importing the function (CDK, tests) needs no environment. */
export const itemStore = lazy(() => {
  const { client, table } = tableAccess();
  return createItemRepository(client, table);
});

export const itemDeps = lazy((): ItemDeps => {
  const { client, table } = tableAccess();
  return {
    items: itemStore(),
    bookings: createBookingDirectory(client, table),
    clock: systemClock,
    ids: ulidGenerator,
  };
});
