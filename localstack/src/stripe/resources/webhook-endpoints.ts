import { required } from '../errors';
import { mergeMetadata, str, strings } from '../form';
import { listOf, newId, nowSeconds, type Store } from '../store';
import type { WebhookEndpoint } from '../types';
import type { ApiContext, Route } from './context';

/** Stripe shows an endpoint's secret only when it is created. */
const withoutSecret = ({ secret: _secret, ...endpoint }: WebhookEndpoint) => endpoint;

/** Registers (or replaces, by URL) an endpoint with a known secret: the local cloud's own. */
export function registerEndpoint(
  store: Store,
  url: string,
  secret: string,
  enabledEvents: string[] = ['*'],
  apiVersion: string | null = null,
): WebhookEndpoint {
  for (const [id, existing] of store.tables.webhookEndpoints)
    if (existing.url === url) store.tables.webhookEndpoints.delete(id);
  const endpoint: WebhookEndpoint = {
    id: newId('we_'),
    object: 'webhook_endpoint',
    api_version: apiVersion,
    application: null,
    created: nowSeconds(),
    description: null,
    enabled_events: enabledEvents,
    livemode: false,
    metadata: {},
    secret,
    status: 'enabled',
    url,
  };
  store.tables.webhookEndpoints.set(endpoint.id, endpoint);
  store.changed();
  return endpoint;
}

export function webhookEndpointRoutes(ctx: ApiContext): Route[] {
  const { store } = ctx;
  const get = (id: string) => store.get('webhookEndpoints', id, 'webhook endpoint');
  return [
    {
      method: 'POST',
      path: '/v1/webhook_endpoints',
      handle: ({ params }) => {
        const url = str(params, 'url');
        if (!url) throw required('url');
        const events = strings(params, 'enabled_events');
        if (events.length === 0) throw required('enabled_events');
        const endpoint = registerEndpoint(
          store,
          url,
          newId('whsec_', 32),
          events,
          str(params, 'api_version') ?? null,
        );
        endpoint.description = str(params, 'description') || null;
        endpoint.metadata = mergeMetadata({}, params);
        return endpoint;
      },
    },
    {
      method: 'GET',
      path: '/v1/webhook_endpoints/:id',
      handle: ({ ids }) => withoutSecret(get(ids[0] ?? '')),
    },
    {
      method: 'POST',
      path: '/v1/webhook_endpoints/:id',
      handle: ({ ids, params }) => {
        const endpoint = get(ids[0] ?? '');
        const events = strings(params, 'enabled_events');
        if (events.length) endpoint.enabled_events = events;
        endpoint.url = str(params, 'url') || endpoint.url;
        const disabled = str(params, 'disabled');
        if (disabled !== undefined) endpoint.status = disabled === 'true' ? 'disabled' : 'enabled';
        endpoint.metadata = mergeMetadata(endpoint.metadata, params);
        store.changed();
        return withoutSecret(endpoint);
      },
    },
    {
      method: 'DELETE',
      path: '/v1/webhook_endpoints/:id',
      handle: ({ ids }) => {
        const endpoint = get(ids[0] ?? '');
        store.tables.webhookEndpoints.delete(endpoint.id);
        store.changed();
        return { id: endpoint.id, object: 'webhook_endpoint', deleted: true };
      },
    },
    {
      method: 'GET',
      path: '/v1/webhook_endpoints',
      handle: ({ params }) =>
        listOf(
          [...store.tables.webhookEndpoints.values()].map(withoutSecret),
          params,
          '/v1/webhook_endpoints',
        ),
    },
  ];
}
