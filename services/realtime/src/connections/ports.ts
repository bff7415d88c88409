import type { Clock } from '@sneakers/shared/clock';
import type { RealtimeTopic } from '@sneakers/shared/contracts/realtime';
import type { ConnectionItem } from './connection-entity';
import type { TicketItem } from './ticket-entity';

/** API Gateway closes WebSocket connections after 2 hours. */
export const CONNECTION_TTL_SECONDS = 2 * 3600;
export const PUBLIC_TOPIC: RealtimeTopic = 'settings';

/** A connection as `$connect` stores it: anonymous until a ticket binds it to a user. */
export type NewConnection = Omit<ConnectionItem, 'userId'>;
/** A ticket as stored: by its hash, until `expiresAt` (epoch seconds, also its TTL). */
export type NewTicket = Omit<TicketItem, 'ttl'>;

export interface ConnectionRepository {
  add(connection: NewConnection): Promise<void>;
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
  addTicket(ticket: NewTicket): Promise<void>;
  /** Deletes the ticket and gives its user: once only, and null when unknown or expired. */
  takeTicket(ticketHash: string, nowSeconds: number): Promise<string | null>;
}

/** PostToConnection through the WebSocket API's management endpoint. */
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
