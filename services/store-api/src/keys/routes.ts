import {
  createApiKey as createApiKeyContract,
  listApiKeys as listApiKeysContract,
  revokeApiKey as revokeApiKeyContract,
} from '@sneakers/shared/contracts/store-api';
import { route, type Route } from '@sneakers/shared/runtime/function';
import { keysDeps } from './deps';
import { createApiKey, listApiKeys, revokeApiKey } from './domain';

/** The API keys' routes (Settings → API keys): CDK declares them and the local gateway serves them. */
export const keysRoutes: Route[] = [
  route(listApiKeysContract, async ({ actor }) => listApiKeys(keysDeps(), actor)),
  route(createApiKeyContract, async ({ actor, body, headers }) =>
    createApiKey(keysDeps(), actor, body, headers),
  ),
  route(revokeApiKeyContract, async ({ actor, params }) => revokeApiKey(keysDeps(), actor, params.keyId)),
];
