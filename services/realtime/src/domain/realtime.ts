import { createHash } from 'node:crypto';
import type * as z from 'zod/mini';
import { requireUser, type Actor } from '@sneakers/shared/actor';
import {
  clientFrameSchema,
  REALTIME_TICKET_TTL_SECONDS,
  type ClientFrame,
  type RealtimeTopic,
  type ServerFrame,
} from '@sneakers/shared/contracts/realtime';
import type { Clock } from '@sneakers/shared/clock';
import type { EventDetail, flagsChanged, notificationAdded, settingsChanged } from '@sneakers/events';

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

/** Client frames: `ping` and `subscribe`. Unknown frames are rejected without closing (null). */
export function parseClientFrame(body: string | undefined): ClientFrame | null {
  try {
    const frame = clientFrameSchema.safeParse(JSON.parse(body ?? ''));
    return frame.success ? frame.data : null;
  } catch {
    return null;
  }
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
 * A `subscribe` frame: a valid ticket binds the connection to its user and is answered with
 * `subscribed`; anything else leaves the connection anonymous and is answered 403.
 */
export async function subscribe(deps: RealtimeDeps, connectionId: string, ticket: string) {
  const userId = await deps.connections.takeTicket(ticketHash(ticket), nowSeconds(deps));
  if (!userId || !(await deps.connections.subscribe(connectionId, userId))) return { statusCode: 403 };
  await deps.pusher.post(connectionId, JSON.stringify({ type: 'subscribed' } satisfies ServerFrame));
  return { statusCode: 200 };
}

/** The `$default` route: answers pings, binds subscriptions, refuses the rest. */
export async function onClientFrame(deps: RealtimeDeps, connectionId: string, body: string | undefined) {
  const frame = parseClientFrame(body);
  if (!frame) return { statusCode: 400, body: 'Unknown frame' };
  if (frame.action === 'subscribe') return subscribe(deps, connectionId, frame.ticket);
  return { statusCode: 200 };
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
    const result = await postAll(deps, page, data);
    sent += result.sent;
    gone += result.gone;
  }
  return { sent, gone };
}

async function postAll(deps: RealtimeDeps, connectionIds: string[], data: string, userId?: string) {
  const results = await Promise.all(
    connectionIds.map(async (id) => [id, await deps.pusher.post(id, data)] as const),
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

/** A frame for one user's open connections only (every tab they have open). */
export async function pushToUser(deps: RealtimeDeps, userId: string, frame: ServerFrame) {
  const connectionIds = await deps.connections.byUser(userId, nowSeconds(deps));
  return postAll(deps, connectionIds, JSON.stringify(frame), userId);
}

const SETTINGS_QUERY_KEYS = { comingSoon: 'settings.comingSoon', signup: 'settings.signup' } as const;

export type SettingsChangedDetail = EventDetail<z.output<typeof settingsChanged.data>>;

/** Settings.Changed (already parsed by its consumer) → tell every open browser to refetch that setting. */
export async function onSettingsChanged(deps: RealtimeDeps, detail: SettingsChangedDetail) {
  return broadcast(deps, 'settings', {
    type: 'invalidate',
    topic: 'settings',
    keys: [SETTINGS_QUERY_KEYS[detail.data.setting]],
  });
}

/** The first element of the SPA's notifications query keys (list and unread count). */
export const NOTIFICATIONS_QUERY_KEY = 'notifications';

export type InboxChangedDetail = EventDetail<z.output<typeof notificationAdded.data>>;

/**
 * Notification.Added or Notification.Read → the recipient's open browsers refetch their
 * notifications (the list and the sidebar's unread badge), on every tab.
 */
export async function onInboxChanged(deps: RealtimeDeps, detail: InboxChangedDetail) {
  return pushToUser(deps, detail.data.recipientUserId, {
    type: 'invalidate',
    topic: 'notifications',
    keys: [NOTIFICATIONS_QUERY_KEY],
  });
}

/** The SPA's feature data query key (flags.me): the sidebar, every gate and the start-up gate read it. */
export const FEATURES_QUERY_KEY = 'features';

export type FlagsChangedDetail = EventDetail<z.output<typeof flagsChanged.data>>;

/**
 * Flags.Changed → the affected browsers refetch their feature data, so a granted feature
 * appears without a reload. A flag or rule (`all`) can change anyone's features, signed in
 * or not (the start-up gate), so every open connection hears it on the public topic; a
 * grant or override (`user`) only reaches that user's tabs.
 */
export async function onFlagsChanged(deps: RealtimeDeps, detail: FlagsChangedDetail) {
  const frame: ServerFrame = { type: 'invalidate', topic: 'features', keys: [FEATURES_QUERY_KEY] };
  if (detail.data.scope === 'all') return broadcast(deps, PUBLIC_TOPIC, frame);
  return pushToUser(deps, detail.data.userId, frame);
}
