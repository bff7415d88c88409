import { Service } from '@sneakers/shared/table/entity';
import type { DocumentClient } from '@sneakers/shared/table/client';
import { bookingView } from '@sneakers/shared/views/booking-view';
import type { BookingDirectory } from './ports';

/**
 * Access pattern: one Query on gsi1 `gsi1pk = store`, `begins_with(gsi1sk, bookingId)`,
 * Limit 1, projected to the id, through the shared read-only view of the crm service's
 * booking row. The sort key condition is a prefix match, so only an exact id counts: the
 * exact id sorts first among the ids it prefixes.
 */
export function createBookingDirectory(client: DocumentClient, table: string): BookingDirectory {
  const { booking } = new Service({ booking: bookingView }, { client, table }).entities;
  return {
    async isOwnBooking(storeUserId, bookingId) {
      const { data } = await booking.query
        .byStore({ storeUserId, bookingId })
        .go({ attributes: ['bookingId'], limit: 1 });
      return data.some((row) => row.bookingId === bookingId);
    },
  };
}
