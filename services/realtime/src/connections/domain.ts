import { createHash } from 'node:crypto';
import { requireUser, type Actor } from '@sneakers/shared/actor';
import {
  clientFrameSchema,
  REALTIME_TICKET_TTL_SECONDS,
  type ClientFrame,
  type ServerFrame,
} from '@sneakers/shared/contracts/realtime';
import { CONNECTION_TTL_SECONDS, PUBLIC_TOPIC, type RealtimeDeps } from './ports';

/** The clock in epoch seconds, as TTLs and ticket expiries count. */
export const nowSeconds = (deps: Pick<RealtimeDeps, 'clock'>) =>
  Math.floor(deps.clock.now().getTime() / 1000);

export async function connect(deps: RealtimeDeps, connectionId: string): Promise<void> {
  const now = deps.clock.now();
  await deps.connections.add({
    connectionId,
    topic: PUBLIC_TOPIC,
    connectedAt: now.toISOString(),
    ttl: Math.floor(now.getTime() / 1000) + CONNECTION_TTL_SECONDS,
  });
}

export function disconnect(deps: RealtimeDeps, connectionId: string): Promise<void> {
  return deps.connections.remove(connectionId);
}

/** Why a client frame was refused, as the error frame tells the client. */
export type FrameProblem = { code: 'INVALID_FRAME'; message: string };

const KNOWN_ACTIONS: readonly string[] = clientFrameSchema.def.options.flatMap(
  (o) => o.shape.action.def.values,
);

/**
 * Client frames: `ping` and `subscribe`. Anything else (not JSON, an unknown action, a
 * field that does not fit) is a problem the error frame names; the connection stays open.
 */
export function readClientFrame(body: string | undefined): ClientFrame | FrameProblem {
  let json: unknown;
  try {
    json = JSON.parse(body ?? '');
  } catch {
    return { code: 'INVALID_FRAME', message: 'The frame is not valid JSON.' };
  }
  const action =
    typeof json === 'object' && json !== null ? (json as { action?: unknown }).action : undefined;
  if (typeof action !== 'string' || !KNOWN_ACTIONS.includes(action))
    return {
      code: 'INVALID_FRAME',
      message: `Unknown action; expected one of: ${KNOWN_ACTIONS.join(', ')}.`,
    };
  const frame = clientFrameSchema.safeParse(json);
  if (frame.success) return frame.data;
  const fields = [...new Set(frame.error.issues.map((issue) => issue.path.join('.') || 'frame'))];
  return { code: 'INVALID_FRAME', message: `Invalid ${action} frame: ${fields.join(', ')}.` };
}

/** A known client frame, or null. */
export function parseClientFrame(body: string | undefined): ClientFrame | null {
  const frame = readClientFrame(body);
  return 'action' in frame ? frame : null;
}

/** Tickets are stored hashed: a read of the table yields none that could be used. */
export function ticketHash(ticket: string): string {
  return createHash('sha256').update(ticket).digest('base64url');
}

/**
 * A one-time ticket for the signed-in user (the demo identity included: subscribing reads,
 * it changes no data), valid for REALTIME_TICKET_TTL_SECONDS.
 */
export async function createTicket(deps: RealtimeDeps, actor: Actor) {
  const user = requireUser(actor);
  const ticket = deps.newTicket();
  const expiresAt = nowSeconds(deps) + REALTIME_TICKET_TTL_SECONDS;
  await deps.connections.addTicket({ ticketHash: ticketHash(ticket), userId: user.userId, expiresAt });
  return { ticket, expiresAt: new Date(expiresAt * 1000).toISOString() };
}

/**
 * Posts a frame to one connection, for the answers to client frames: a failure (the
 * connection closed meanwhile, the management API down) is logged, never thrown, so the
 * `$default` handler itself never fails.
 */
async function answer(deps: RealtimeDeps, connectionId: string, frame: ServerFrame): Promise<void> {
  try {
    const result = await deps.pusher.post(connectionId, JSON.stringify(frame));
    if (result === 'gone') await deps.connections.remove(connectionId);
  } catch (error) {
    deps.log.warn('Could not answer a client frame', {
      connectionId,
      frame: frame.type,
      error: String(error),
    });
  }
}

const INVALID_TICKET: ServerFrame = {
  type: 'error',
  code: 'INVALID_TICKET',
  message: 'The ticket is unknown, expired or used; ask for a new one.',
};

/**
 * A `subscribe` frame: a valid ticket binds the connection to its user and is answered with
 * `subscribed`; anything else leaves the connection anonymous and is answered 403 with an
 * INVALID_TICKET error frame.
 */
export async function subscribe(deps: RealtimeDeps, connectionId: string, ticket: string) {
  const userId = await deps.connections.takeTicket(ticketHash(ticket), nowSeconds(deps));
  if (!userId || !(await deps.connections.subscribe(connectionId, userId))) {
    await answer(deps, connectionId, INVALID_TICKET);
    return { statusCode: 403 };
  }
  await answer(deps, connectionId, { type: 'subscribed' });
  return { statusCode: 200 };
}

/**
 * The `$default` route: answers pings, binds subscriptions, and answers anything else with
 * an error frame. It never throws: a failure of the table is logged and answered with an
 * error frame too, and the connection stays open either way.
 */
export async function onClientFrame(deps: RealtimeDeps, connectionId: string, body: string | undefined) {
  const frame = readClientFrame(body);
  if (!('action' in frame)) {
    await answer(deps, connectionId, { type: 'error', ...frame });
    return { statusCode: 400, body: frame.message };
  }
  try {
    if (frame.action === 'subscribe') return await subscribe(deps, connectionId, frame.ticket);
    return { statusCode: 200 };
  } catch (error) {
    deps.log.warn('Client frame failed', { connectionId, action: frame.action, error: String(error) });
    await answer(deps, connectionId, {
      type: 'error',
      code: 'INTERNAL_ERROR',
      message: 'The frame could not be handled; try again.',
    });
    return { statusCode: 500 };
  }
}
