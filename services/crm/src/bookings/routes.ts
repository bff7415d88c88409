import {
  createBooking as createBookingContract,
  deleteBooking as deleteBookingContract,
  getBooking as getBookingContract,
  getSharedBooking as getSharedBookingContract,
  listBookings as listBookingsContract,
  sendBookingInformation as sendBookingInformationContract,
  updateBooking as updateBookingContract,
} from '@sneakers/shared/contracts/crm';
import { route, type Route } from '@sneakers/shared/runtime/function';
import { bookingsDeps } from './deps';
import {
  createBooking,
  deleteBooking,
  getBooking,
  getSharedBooking,
  listBookings,
  sendBookingInformation,
  updateBooking,
} from './domain';

/**
 * The bookings' routes and the public shared booking page: CDK declares them and the local
 * gateway serves them.
 */
export const bookingsRoutes: Route[] = [
  route(listBookingsContract, async ({ actor, query }) => listBookings(bookingsDeps(), actor, query)),
  route(createBookingContract, async ({ actor, headers, body, setStatus }) => {
    const { booking, created } = await createBooking(bookingsDeps(), actor, headers, body);
    // 201 when this call created it, 200 when a retry with the same key replays it.
    if (!created) setStatus(200);
    return { booking };
  }),
  route(getBookingContract, async ({ actor, params }) => ({
    booking: await getBooking(bookingsDeps(), actor, params.bookingId),
  })),
  route(updateBookingContract, async ({ actor, params, body }) => ({
    booking: await updateBooking(bookingsDeps(), actor, params.bookingId, body),
  })),
  route(deleteBookingContract, async ({ actor, params }) =>
    deleteBooking(bookingsDeps(), actor, params.bookingId),
  ),
  route(
    sendBookingInformationContract,
    async ({ actor, params }) => sendBookingInformation(bookingsDeps(), actor, params.bookingId),
    { status: 202 },
  ),
  route(getSharedBookingContract, async ({ params }) => ({
    booking: await getSharedBooking(bookingsDeps(), params.shareId),
  })),
];
