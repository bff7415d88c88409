import * as z from 'zod/mini';
import { parseEvent, type EventDefinition, type EventDetail } from '@sneakers/events/define-event';
import type { Actor } from '../actor';
import { validationError, type Contract, type Schema } from '../contracts/contract';

/**
 * A domain service as one Lambda (docs/architecture.md#service-registry): its HTTP routes, the events it consumes,
 * and optionally WebSocket or DynamoDB-stream duties. CDK reads this definition to
 * declare routes, rules and grants; the local cloud reads the same one.
 */
export interface RouteContext<C extends Contract = Contract> {
  actor: Actor;
  params: z.output<C['params']>;
  query: z.output<C['query']>;
  body: z.output<C['body']>;
  headers: Record<string, string>;
  /**
   * The body exactly as it arrived, on a contract with `rawBody` only (a signed webhook checks
   * its signature over these bytes); `body` is the same string, validated by the contract.
   */
  rawBody?: string;
  requestId: string;
  sourceIp: string;
  /** Overrides the route's success status for this response (e.g. 200 for an idempotent replay of a create). */
  setStatus(status: number): void;
}

/** A request as the pipeline hands it over: params, query and body not yet validated. */
export type RawRequest = Omit<RouteContext, 'params' | 'query' | 'body'> & {
  params: unknown;
  query: unknown;
  body: unknown;
};

export interface Route {
  contract: Contract;
  /** Status of a success (200 unless a route creates something). */
  status: number;
  /** Validates the request with the contract, runs the use case, and answers the contract's response. */
  handle(request: RawRequest): Promise<unknown>;
}

function validate<S extends Schema>(
  schema: S,
  value: unknown,
  part: 'params' | 'query' | 'body',
): z.output<S> {
  const result = z.safeParse(schema, value);
  if (!result.success) throw validationError(result.error, part === 'body' ? undefined : part);
  return result.data;
}

/**
 * A typed route: the handler sees params, query and body as the contract's parsed types,
 * and what it returns is parsed by the contract's response schema, which strips anything
 * the contract does not promise to the caller.
 */
export function route<C extends Contract>(
  contract: C,
  handle: (ctx: RouteContext<C>) => Promise<z.input<C['response']>>,
  options: { status?: number } = {},
): Route {
  return {
    contract,
    status: options.status ?? (contract.method === 'POST' ? 201 : 200),
    async handle(request) {
      const result = await handle({
        ...request,
        params: validate<C['params']>(contract.params, request.params, 'params'),
        query: validate<C['query']>(contract.query, request.query, 'query'),
        body: validate<C['body']>(contract.body, request.body, 'body'),
      });
      return z.parse(contract.response, result);
    },
  };
}

/** The EventBridge envelope as the Lambda receives it. */
export interface EventEnvelope<D = unknown> {
  id: string;
  detailType: string;
  source: string;
  time: string;
  detail: D;
}

export interface Consumer {
  /** Stable id: names the rule and its dead-letter queue. */
  id: string;
  detailTypes: readonly string[];
  handle(event: EventEnvelope): Promise<void>;
}

/**
 * A typed consumer of one event: the detail reaches `handle` parsed by the event's own
 * schema (the producer built it with the same one). A detail that does not parse throws,
 * so the bus retries and then parks it in the consumer's dead-letter queue.
 */
export function consumer<D extends Schema>(
  id: string,
  event: EventDefinition<D>,
  handle: (detail: EventDetail<z.output<D>>, envelope: EventEnvelope) => Promise<void>,
): Consumer {
  return {
    id,
    detailTypes: [event.detailType],
    // async: a detail that does not parse rejects the promise rather than throwing synchronously.
    handle: async (envelope) => handle(parseEvent(event, envelope.detail), envelope),
  };
}

export interface WebSocketContext {
  connectionId: string;
  routeKey: string;
  queryString: Record<string, string>;
  body: string | undefined;
}

export interface WebSocketHandlers {
  connect(ctx: WebSocketContext): Promise<{ statusCode: number; body?: string }>;
  disconnect(ctx: WebSocketContext): Promise<void>;
  message(ctx: WebSocketContext): Promise<{ statusCode: number; body?: string }>;
}

export const STREAM_EVENT_NAMES = ['INSERT', 'MODIFY', 'REMOVE'] as const;
export type StreamEventName = (typeof STREAM_EVENT_NAMES)[number];

export interface StreamRecord {
  eventName?: string;
  /**
   * The stream record's id (eventID, else its sequence number): the same on every redelivery
   * of one change, so a consumer can apply each change exactly once. Always set by the
   * Lambda adapter.
   */
  eventId?: string;
  /** The row after the change (absent on REMOVE). */
  newImage?: Record<string, unknown>;
  /** The row before the change (absent on INSERT). The table streams NEW_AND_OLD_IMAGES. */
  oldImage?: Record<string, unknown>;
}

export interface StreamHandler {
  /**
   * Only records whose `__edb_e__` (ElectroDB entity name) is listed reach the handler: the
   * new image's, or the old image's on a REMOVE.
   */
  entities: readonly string[];
  /** The changes that reach the handler (default INSERTs only). */
  events?: readonly StreamEventName[];
  /** Returns the indexes of records that failed, for partial batch retry. */
  handle(records: StreamRecord[]): Promise<number[]>;
}

/** The changes a stream handler receives. */
export function streamEventsOf(stream: Pick<StreamHandler, 'events'>): readonly StreamEventName[] {
  return stream.events ?? ['INSERT'];
}

/**
 * Whether a change reaches the handler, the rule the CDK event source filter states: a
 * listed change of a listed entity, named by the new image (the old one on a REMOVE, which
 * has no new image).
 */
export function streamWants(
  stream: Pick<StreamHandler, 'entities' | 'events'>,
  change: { eventName?: string; newEntity?: string; oldEntity?: string },
): boolean {
  const events: readonly string[] = streamEventsOf(stream);
  if (change.eventName === undefined || !events.includes(change.eventName)) return false;
  const entity = change.eventName === 'REMOVE' ? change.oldEntity : change.newEntity;
  return entity !== undefined && stream.entities.includes(entity);
}

export interface FunctionAccess {
  /** 'none': a function without the table (no grant), e.g. one that only calls upstreams. */
  table: 'none' | 'read' | 'readWrite';
  /** PutEvents on the bus. */
  publishesEvents?: boolean;
  /** PostToConnection on the WebSocket API. */
  managesConnections?: boolean;
  /** SES SendEmail from EMAIL_FROM. */
  sendsEmail?: boolean;
  /** Presigned PUT and GET on the uploads bucket (UPLOADS_BUCKET). */
  uploads?: boolean;
  /**
   * The migration tools' files on the uploads bucket (with `uploads`): Get, Put, Delete and
   * multipart under imports/ and exports/, and Get of any uploaded file an export copies.
   */
  migrationFiles?: boolean;
  /**
   * The account deletion sweep (docs/product/accounts.md#closing-the-account): List and
   * Delete of the user's avatars (with `uploads`), AdminDeleteUser on the user pool.
   */
  accountDeletion?: boolean;
  /** Admin calls on the user pool (USER_POOL_ID): AdminGetUser, AdminSetUserPassword. */
  userPoolAdmin?: boolean;
  /**
   * Signs in the read-only Try Demo user, provisioning it if missing: USER_POOL_ID,
   * USER_POOL_CLIENT_ID, DEMO_USER_PASSWORD; AdminInitiateAuth, AdminCreateUser,
   * AdminSetUserPassword, AdminAddUserToGroup on this pool.
   */
  demoIdentity?: boolean;
  /**
   * Reads and writes the catalogue search index snapshots (CATALOG_INDEX_BUCKET) and gets
   * the memory an in-memory index needs (docs/adr/0011).
   */
  searchIndex?: boolean;
  /**
   * Calls the marketplace API and the release calendar (MARKETPLACE_API_URL,
   * MARKETPLACE_AUTH_URL, RELEASES_SOURCE_URL) with credentials read from Secrets Manager
   * (GetSecretValue on MARKETPLACE_SECRET_ID).
   */
  marketplace?: boolean;
  /**
   * Calls the payment provider (Stripe) with `{ apiKey, webhookSecret }` read from Secrets
   * Manager (GetSecretValue on BILLING_SECRET_ID): the billing functions only.
   */
  paymentProvider?: boolean;
  /**
   * Services this one calls synchronously through the Lambda Invoke API (their names):
   * lambda:InvokeFunction on their functions, and `FUNCTION_<NAME_UPPER_SNAKE>` naming each
   * (shared/src/runtime/invoke.ts reads it).
   */
  invokes?: string[];
  /** SendMessage on the webhook deliveries' queue (WEBHOOK_QUEUE_URL, docs/adr/0025). */
  sendsWebhooks?: boolean;
  /** Invoked by the webhook deliveries' queue (an SQS event source with its dead-letter queue). */
  webhookQueueConsumer?: boolean;
}

/** Cognito's PreSignUp trigger event, as much of it as the services read. */
export interface PreSignUpEvent {
  triggerSource: string;
  userPoolId: string;
  userName: string;
  request: { userAttributes: Record<string, string>; clientMetadata?: Record<string, string> };
  response: { autoConfirmUser?: boolean; autoVerifyEmail?: boolean; autoVerifyPhone?: boolean };
}

/**
 * User pool triggers a service answers. Throwing rejects the sign-up: Cognito shows the
 * error's message to the caller.
 */
export interface CognitoTriggers {
  preSignUp?(event: PreSignUpEvent): Promise<{ autoConfirmUser: boolean; autoVerifyEmail: boolean }>;
}

/** A scheduled EventBridge rule invoking the service with `{ schedule: id }` as detail. */
export interface Schedule {
  id: string;
  /** EventBridge schedule expression, e.g. `rate(6 hours)`. */
  expression: string;
  handle(): Promise<void>;
}

export interface FunctionDefinition {
  name: string;
  routes: Route[];
  consumers: Consumer[];
  schedules?: Schedule[];
  websocket?: WebSocketHandlers;
  stream?: StreamHandler;
  cognitoTriggers?: CognitoTriggers;
  /**
   * Answers direct invocations of a function without HTTP routes (shared/src/runtime/
   * invoke-handler.ts): validates the payload and returns a JSON-serialisable result.
   */
  invoke?: (payload: unknown) => Promise<unknown>;
  /**
   * This function's `invoke` is the HTTP API's Lambda authorizer of `auth: 'apiKey'` routes
   * (simple responses, identity `x-api-key`): CDK attaches it to those routes and the local
   * gateway calls it before each of them. One function in the registry at most.
   */
  apiKeyAuthorizer?: boolean;
  /**
   * This function is the table stream's one reader (docs/adr/0029): CDK gives it the only
   * event source mapping on the stream and lets it invoke every function that declares
   * `stream`, and the local cloud's poller feeds it. One function in the registry at most.
   */
  tableStreamDispatcher?: boolean;
  /**
   * The Lambda timeout (seconds, at most 900) of a function no gateway waits for, whose work is
   * longer than the access-derived default (infra/src/stacks/services-stack.ts).
   */
  timeoutSeconds?: number;
  access: FunctionAccess;
}

export function defineFunction(definition: FunctionDefinition): FunctionDefinition {
  const ids = new Set<string>();
  for (const r of definition.routes) {
    const key = `${r.contract.method} ${r.contract.path}`;
    if (ids.has(key)) throw new Error(`${definition.name}: duplicate route ${key}`);
    ids.add(key);
  }
  return definition;
}

/** Memoises a dependency factory so module load stays cheap and CDK can import services. */
export function lazy<T>(factory: () => T): () => T {
  let value: T | undefined;
  let made = false;
  return () => {
    if (!made) {
      value = factory();
      made = true;
    }
    return value as T;
  };
}
