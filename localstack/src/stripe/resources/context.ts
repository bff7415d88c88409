import type { Billing } from '../billing';
import type { Engine } from '../engine';
import type { Params } from '../form';
import type { Store } from '../store';
import type { Webhooks } from '../webhooks';

/** What every resource's routes get: the state, Stripe Billing's logic, the clock and the events. */
export interface ApiContext {
  store: Store;
  billing: Billing;
  engine: Engine;
  webhooks: Webhooks;
  baseUrl: () => string;
  apiVersion: string;
}

export interface ApiRequest {
  params: Params;
  /** The path's `:id` parts, in order. */
  ids: string[];
}

export interface Route {
  method: 'GET' | 'POST' | 'DELETE';
  /** `/v1/customers/:id`: each `:id` matches one path segment. */
  path: string;
  handle: (request: ApiRequest) => unknown;
}
