import type * as z from 'zod/mini';
import type { Actor } from '../actor';
import type { Contract } from '../contracts/contract';

/**
 * A domain service as one Lambda (DESIGN 2): its HTTP routes, the events it consumes,
 * and optionally WebSocket or DynamoDB-stream duties. CDK reads this definition to
 * declare routes, rules and grants; the local cloud reads the same one.
 */
export interface RouteContext<C extends Contract = Contract> {
  actor: Actor;
  params: z.output<C['params']>;
  query: z.output<C['query']>;
  body: z.output<C['body']>;
  headers: Record<string, string>;
  requestId: string;
  sourceIp: string;
  /** Overrides the route's success status for this response (e.g. 200 for an idempotent replay of a create). */
  setStatus(status: number): void;
}

export interface Route<C extends Contract = Contract> {
  contract: C;
  /** Status of a success (200 unless a route creates something). */
  status: number;
  handle(ctx: RouteContext<C>): Promise<z.input<C['response']>>;
}

export function route<C extends Contract>(
  contract: C,
  handle: (ctx: RouteContext<C>) => Promise<z.input<C['response']>>,
  options: { status?: number } = {},
): Route {
  const bound: Route<C> = {
    contract,
    handle,
    status: options.status ?? (contract.method === 'POST' ? 201 : 200),
  };
  // The pipeline validates params, query and body with this same contract before calling
  // handle, so erasing the contract's type here is safe.
  return bound as unknown as Route;
}

/** The EventBridge envelope as a consumer receives it. */
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

export interface StreamRecord {
  eventName?: string;
  newImage?: Record<string, unknown>;
}

export interface StreamHandler {
  /** Only records whose `__edb_e__` (ElectroDB entity name) is listed reach the handler. */
  entities: readonly string[];
  /** Returns the indexes of records that failed, for partial batch retry. */
  handle(records: StreamRecord[]): Promise<number[]>;
}

export interface ServiceAccess {
  table: 'read' | 'readWrite';
  /** PutEvents on the bus. */
  publishesEvents?: boolean;
  /** PostToConnection on the WebSocket API. */
  managesConnections?: boolean;
  /** SES SendEmail from EMAIL_FROM. */
  sendsEmail?: boolean;
  /** Presigned PUT and GET on the uploads bucket (UPLOADS_BUCKET). */
  uploads?: boolean;
  /** Admin calls on the user pool (USER_POOL_ID): AdminGetUser, AdminSetUserPassword. */
  userPoolAdmin?: boolean;
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

export interface ServiceDefinition {
  name: string;
  routes: Route[];
  consumers: Consumer[];
  schedules?: Schedule[];
  websocket?: WebSocketHandlers;
  stream?: StreamHandler;
  cognitoTriggers?: CognitoTriggers;
  access: ServiceAccess;
}

export function defineService(definition: ServiceDefinition): ServiceDefinition {
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
