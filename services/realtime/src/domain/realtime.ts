import { createHash } from 'node:crypto';
import type * as z from 'zod/mini';
import { requireUser, type Actor } from '@sneakers/shared/actor';
import {
  clientFrameSchema,
  REALTIME_FRAME_MAX_BYTES,
  REALTIME_QUERY_KEYS,
  REALTIME_TICKET_TTL_SECONDS,
  type ClientFrame,
  type RealtimeTopic,
  type ServerFrame,
} from '@sneakers/shared/contracts/realtime';
import type { Clock } from '@sneakers/shared/clock';
import type {
  conversationRead,
  EventDetail,
  flagsChanged,
  messageSent,
  notificationAdded,
  settingsChanged,
} from '@sneakers/events';

/** API Gateway closes WebSocket connections after 2 hours. */
export const CONNECTION_TTL_SECONDS = 2 * 3600;
export const PUBLIC_TOPIC: RealtimeTopic = 'settings';

export interface ConnectionRepository {
  add(connection: { connectionId: string; topic: string; connectedAt: string; ttl: number }): Promise<void>;
  /** Forgets the connection, and its user's link to it when it had subscribed. */
  remove(connectionId: string): Promise<void>;
  byTopic(topic: string, nowSeconds: number): AsyncIterable<string[]>;
  /**
   * Binds an open connection to a user (replacing an earlier binding); false when the
   * connection is unknown (closed meanwhile).
   */
  subscribe(connectionId: string, userId: string): Promise<boolean>;
  /** The user's open connections, past their TTL left out. */
  byUser(userId: string, nowSeconds: number): Promise<string[]>;
  /** Drops the user's link to a connection that is gone (its own row may be gone already). */
  unlink(userId: string, connectionId: string): Promise<void>;
  /** Stores a ticket by its hash until `expiresAt` (epoch seconds). */
  addTicket(ticket: { ticketHash: string; userId: string; expiresAt: number }): Promise<void>;
  /** Deletes the ticket and gives its user: once only, and null when unknown or expired. */
  takeTicket(ticketHash: string, nowSeconds: number): Promise<string | null>;
}

export interface ConnectionPusher {
  post(connectionId: string, data: string): Promise<'sent' | 'gone'>;
}

export interface RealtimeDeps {
  connections: ConnectionRepository;
  pusher: ConnectionPusher;
  clock: Clock;
  /** A new unguessable ticket (32 random bytes, base64url). */
  newTicket: () => string;
  log: { warn(message: string, data?: Record<string, unknown>): void };
}

const nowSeconds = (deps: RealtimeDeps) => Math.floor(deps.clock.now().getTime() / 1000);

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

export async function broadcast(
  deps: RealtimeDeps,
  topic: RealtimeTopic,
  frame: ServerFrame,
): Promise<{ sent: number; gone: number }> {
  const data = JSON.stringify(frame);
  let sent = 0;
  let gone = 0;
  for await (const page of deps.connections.byTopic(topic, nowSeconds(deps))) {
    const result = await postAll(deps, page, [data]);
    sent += result.sent;
    gone += result.gone;
  }
  return { sent, gone };
}

/**
 * Posts the frames, in order, to each connection (the connections at once); a connection
 * found gone (410) gets no more of them and is forgotten, with its user's link to it.
 */
async function postAll(deps: RealtimeDeps, connectionIds: string[], frames: string[], userId?: string) {
  const results = await Promise.all(
    connectionIds.map(async (id) => {
      for (const data of frames)
        if ((await deps.pusher.post(id, data)) === 'gone') return [id, 'gone'] as const;
      return [id, 'sent'] as const;
    }),
  );
  let sent = 0;
  let gone = 0;
  for (const [id, result] of results) {
    if (result === 'sent') sent++;
    else {
      gone++;
      await deps.connections.remove(id);
      if (userId) await deps.connections.unlink(userId, id);
    }
  }
  return { sent, gone };
}

/** Frames for one user's open connections only (every tab they have open), in this order. */
export async function pushToUser(deps: RealtimeDeps, userId: string, ...frames: ServerFrame[]) {
  const connectionIds = await deps.connections.byUser(userId, nowSeconds(deps));
  return postAll(
    deps,
    connectionIds,
    frames.map((f) => JSON.stringify(f)),
    userId,
  );
}

export type SettingsChangedDetail = EventDetail<z.output<typeof settingsChanged.data>>;

/** Settings.Changed (already parsed by its consumer) → tell every open browser to refetch that setting. */
export async function onSettingsChanged(deps: RealtimeDeps, detail: SettingsChangedDetail) {
  return broadcast(deps, 'settings', {
    type: 'invalidate',
    topic: 'settings',
    keys: [REALTIME_QUERY_KEYS[detail.data.setting]],
  });
}

export type InboxChangedDetail = EventDetail<z.output<typeof notificationAdded.data>>;

/**
 * Notification.Added or Notification.Read → the recipient's open browsers refetch their
 * notifications (the list and the sidebar's unread badge), on every tab.
 */
export async function onInboxChanged(deps: RealtimeDeps, detail: InboxChangedDetail) {
  return pushToUser(deps, detail.data.recipientUserId, {
    type: 'invalidate',
    topic: 'notifications',
    keys: [REALTIME_QUERY_KEYS.notifications],
  });
}

export type FlagsChangedDetail = EventDetail<z.output<typeof flagsChanged.data>>;

/**
 * Flags.Changed → the affected browsers refetch their feature data, so a granted feature
 * appears without a reload. A flag or rule (`all`) can change anyone's features, signed in
 * or not (the start-up gate), so every open connection hears it on the public topic; a
 * grant or override (`user`) only reaches that user's tabs.
 */
export async function onFlagsChanged(deps: RealtimeDeps, detail: FlagsChangedDetail) {
  const frame: ServerFrame = { type: 'invalidate', topic: 'features', keys: [REALTIME_QUERY_KEYS.features] };
  if (detail.data.scope === 'all') return broadcast(deps, PUBLIC_TOPIC, frame);
  return pushToUser(deps, detail.data.userId, frame);
}

const conversationsChanged: ServerFrame = {
  type: 'invalidate',
  topic: 'messages',
  keys: [REALTIME_QUERY_KEYS.conversations, REALTIME_QUERY_KEYS.messagesUnread],
};

/**
 * API Gateway refuses a frame over REALTIME_FRAME_MAX_BYTES (UTF-8): such a frame becomes
 * `fallback`, which makes the SPA refetch what the frame would have carried.
 */
export function fitFrame(frame: ServerFrame, fallback: ServerFrame): ServerFrame {
  return Buffer.byteLength(JSON.stringify(frame), 'utf8') > REALTIME_FRAME_MAX_BYTES ? fallback : frame;
}

export type MessageSentDetail = EventDetail<z.output<typeof messageSent.data>>;

/**
 * Message.Sent → the message itself to both participants' open tabs (the recipient's, and
 * the sender's other tabs), then an invalidate of their conversation lists and unread
 * badges. A message too big for one frame becomes an invalidate of the lists and threads.
 * A redelivery pushes it again: the SPA places messages by seq, so it shows once.
 */
export async function onMessageSent(deps: RealtimeDeps, detail: MessageSentDetail) {
  const { recipientUserId, message } = detail.data;
  const frame = fitFrame(
    { type: 'message', message },
    {
      type: 'invalidate',
      topic: 'messages',
      keys: [REALTIME_QUERY_KEYS.conversations, REALTIME_QUERY_KEYS.messages],
    },
  );
  const users = [...new Set([recipientUserId, message.senderUserId])];
  const results = await Promise.all(
    users.map((userId) => pushToUser(deps, userId, frame, conversationsChanged)),
  );
  return {
    sent: results.reduce((n, r) => n + r.sent, 0),
    gone: results.reduce((n, r) => n + r.gone, 0),
  };
}

export type ConversationReadDetail = EventDetail<z.output<typeof conversationRead.data>>;

/** Conversation.Read → the reader's open tabs refetch their conversation list and unread badge. */
export async function onConversationRead(deps: RealtimeDeps, detail: ConversationReadDetail) {
  return pushToUser(deps, detail.data.userId, conversationsChanged);
}
