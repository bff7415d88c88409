import {
  createBooking as createBookingContract,
  createClient as createClientContract,
  deleteBooking as deleteBookingContract,
  deleteClient as deleteClientContract,
  getBooking as getBookingContract,
  getClient as getClientContract,
  getSharedBooking as getSharedBookingContract,
  importClients as importClientsContract,
  listBookings as listBookingsContract,
  listClients as listClientsContract,
  sendBookingInformation as sendBookingInformationContract,
  updateBooking as updateBookingContract,
  updateClient as updateClientContract,
} from '@sneakers/shared/contracts/crm';
import { route, type Route } from '@sneakers/shared/runtime/function';
import { crmDeps } from './deps';
import {
  createBooking,
  deleteBooking,
  getBooking,
  getSharedBooking,
  listBookings,
  sendBookingInformation,
  updateBooking,
} from './domain/bookings';
import {
  createClient,
  deleteClient,
  getClient,
  importClients,
  listClients,
  updateClient,
} from './domain/clients';

/** The route table: CDK declares these routes and the local gateway serves them. */
export const crmRoutes: Route[] = [
  route(listClientsContract, async ({ actor, query }) => listClients(crmDeps(), actor, query)),
  route(createClientContract, async ({ actor, body }) => ({
    client: await createClient(crmDeps(), actor, body),
  })),
  route(importClientsContract, async ({ actor, body }) => importClients(crmDeps(), actor, body.rows), {
    status: 200,
  }),
  route(getClientContract, async ({ actor, params }) => getClient(crmDeps(), actor, params.clientId)),
  route(updateClientContract, async ({ actor, params, body }) => ({
    client: await updateClient(crmDeps(), actor, params.clientId, body),
  })),
  route(deleteClientContract, async ({ actor, params }) => deleteClient(crmDeps(), actor, params.clientId)),

  route(listBookingsContract, async ({ actor, query }) => listBookings(crmDeps(), actor, query)),
  route(createBookingContract, async ({ actor, headers, body, setStatus }) => {
    const { booking, created } = await createBooking(crmDeps(), actor, headers, body);
    // 201 when this call created it, 200 when a retry with the same key replays it.
    if (!created) setStatus(200);
    return { booking };
  }),
  route(getBookingContract, async ({ actor, params }) => ({
    booking: await getBooking(crmDeps(), actor, params.bookingId),
  })),
  route(updateBookingContract, async ({ actor, params, body }) => ({
    booking: await updateBooking(crmDeps(), actor, params.bookingId, body),
  })),
  route(deleteBookingContract, async ({ actor, params }) =>
    deleteBooking(crmDeps(), actor, params.bookingId),
  ),
  route(
    sendBookingInformationContract,
    async ({ actor, params }) => sendBookingInformation(crmDeps(), actor, params.bookingId),
    { status: 202 },
  ),
  route(getSharedBookingContract, async ({ params }) => ({
    booking: await getSharedBooking(crmDeps(), params.shareId),
  })),
];
