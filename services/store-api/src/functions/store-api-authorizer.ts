import { defineFunction } from '@sneakers/shared/runtime/function';
import { createInvokeHandler } from '@sneakers/shared/runtime/invoke-handler';
import { createApiKeyAuthorizer } from '../keys/authorizer';
import { authorizerDeps } from '../keys/deps';

/**
 * store-api-authorizer: the HTTP API's Lambda authorizer of every `auth: 'apiKey'` route
 * (`/v1/...`): resolves `x-api-key` by its hash with one GetItem (docs/adr/0023), and the
 * owner's closing mark with another (a closing account's keys are refused). Its own
 * small function, with read-only table access, so it cold-starts fast and can write nothing.
 */
export const storeApiAuthorizerFunction = defineFunction({
  name: 'store-api-authorizer',
  routes: [],
  consumers: [],
  invoke: createApiKeyAuthorizer(authorizerDeps),
  apiKeyAuthorizer: true,
  access: { table: 'read' },
});

export const handler = createInvokeHandler(storeApiAuthorizerFunction);
