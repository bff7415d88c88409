import type { Clock } from '@sneakers/shared/clock';
import type {
  WebhookAttempt,
  WebhookDeliveryStatus,
  WebhookEventName,
} from '@sneakers/shared/contracts/webhooks';
import type { Page, PageRequest } from '@sneakers/shared/paging/page';
import type { OutboxEvent } from '@sneakers/shared/table/outbox';
import type { UrlPolicy } from './addresses';

/** What the webhooks use cases need (docs/product/store-api.md#webhooks). */
export interface EndpointRecord {
  storeUserId: string;
  id: string;
  url: string;
  description: string;
  events: WebhookEventName[];
  enabled: boolean;
  disabledReason: 'manual' | 'failing' | null;
  secret: string;
  previousSecret: string | null;
  previousSecretExpiresAt: string | null;
  failingSince: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface DeliveryRecord {
  endpointId: string;
  id: string;
  storeUserId: string;
  event: string;
  messageId: string;
  payload: string;
  status: WebhookDeliveryStatus;
  responseCode: number | null;
  durationMs: number | null;
  attempts: number;
  nextAttemptAt: string | null;
  attemptLog: WebhookAttempt[];
  createdAt: string;
  updatedAt: string;
}

/** A queued instruction to try a delivery: stale once the delivery's attempts moved past `attempt`. */
export interface DeliveryMessage {
  storeUserId: string;
  endpointId: string;
  deliveryId: string;
  /** The delivery's attempt count when this was queued. */
  attempt: number;
  /** Not before this instant (ISO): a wait longer than the queue's 15-minute delay is chained. */
  notBefore: string;
}

export interface EndpointChanges {
  url?: string;
  description?: string;
  events?: WebhookEventName[];
  enabled?: boolean;
  disabledReason?: 'manual' | 'failing' | null;
  secret?: string;
  previousSecret?: string | null;
  previousSecretExpiresAt?: string | null;
  failingSince?: string | null;
  updatedAt: string;
}

export interface AttemptOutcome {
  status: WebhookDeliveryStatus;
  attempt: WebhookAttempt;
  nextAttemptAt: string | null;
}

export interface WebhooksRepository {
  isStore(userId: string): Promise<boolean>;
  listEndpoints(storeUserId: string): Promise<EndpointRecord[]>;
  getEndpoint(storeUserId: string, id: string): Promise<EndpointRecord | null>;
  createEndpoint(record: EndpointRecord): Promise<void>;
  /** null when the endpoint is gone. `event` goes out through the outbox in the same write. */
  updateEndpoint(
    storeUserId: string,
    id: string,
    changes: EndpointChanges,
    event?: OutboxEvent,
  ): Promise<EndpointRecord | null>;
  deleteEndpoint(storeUserId: string, id: string): Promise<boolean>;
  /** The deliveries created: none whose id exists already (the event reached that endpoint before). */
  createDeliveriesOnce(records: DeliveryRecord[]): Promise<DeliveryRecord[]>;
  createDelivery(record: DeliveryRecord): Promise<void>;
  getDelivery(endpointId: string, id: string): Promise<DeliveryRecord | null>;
  /** Several at once (a sender batch), strongly consistent; missing ones are left out. */
  getDeliveries(keys: { endpointId: string; id: string }[]): Promise<DeliveryRecord[]>;
  listDeliveries(endpointId: string, page: PageRequest): Promise<Page<DeliveryRecord>>;
  /** Records an attempt on the delivery as read, if it still has that many attempts (else null: stale). */
  recordAttempt(current: DeliveryRecord, outcome: AttemptOutcome): Promise<DeliveryRecord | null>;
  /** Back to pending, due now (manual redelivery). */
  requeue(endpointId: string, id: string, at: string): Promise<DeliveryRecord | null>;
}

export interface DeliveryQueue {
  send(message: DeliveryMessage, delaySeconds: number): Promise<void>;
  /** Several at once, due now (the fan-out of one event). */
  sendNow(messages: DeliveryMessage[]): Promise<void>;
}

export interface PostResult {
  responseCode: number | null;
  durationMs: number;
  error: string | null;
}

/** POSTs a signed message, connecting only to addresses the policy allows. */
export interface WebhookPoster {
  post(url: string, headers: Record<string, string>, body: string, timeoutMs: number): Promise<PostResult>;
}

/** The addresses a host name resolves to (the create-time check; the poster checks again). */
export type Resolver = (host: string) => Promise<string[]>;

export interface WebhooksDeps {
  webhooks: WebhooksRepository;
  queue: DeliveryQueue;
  poster: WebhookPoster;
  resolve: Resolver;
  policy: UrlPolicy;
  clock: Clock;
  newId(): string;
  newSecret(): string;
}
