import { createRealtimeTicket } from '@sneakers/shared/contracts/realtime';
import { route, type Route } from '@sneakers/shared/runtime/function';
import { connectionsDeps } from './deps';
import { createTicket } from './domain';

/** The one HTTP route: a signed-in browser's one-time subscribe ticket. */
export const connectionRoutes: Route[] = [
  route(createRealtimeTicket, async ({ actor }) => createTicket(connectionsDeps(), actor)),
];
