import { systemClock } from '@sneakers/shared/clock';
import { createIdempotencyStore } from '@sneakers/shared/idempotency/entity';
import { secureToken, ulidGenerator } from '@sneakers/shared/ids';
import { lazy } from '@sneakers/shared/runtime/function';
import { tableAccess } from '@sneakers/shared/runtime/table-access';
import type { BookingsDeps } from './ports';
import { createBookingsRepository } from './repository';

/** Built on first use, so importing the function (CDK, tests) needs no environment. */
export const bookingsDeps = lazy((): BookingsDeps => {
  const { client, table } = tableAccess();
  return {
    repo: createBookingsRepository(client, table),
    idempotency: createIdempotencyStore(client, table),
    clock: systemClock,
    ids: ulidGenerator,
    // 128 random bits, base64url: the share link is the only key to the public page.
    shareIds: { next: () => secureToken(16) },
  };
});
