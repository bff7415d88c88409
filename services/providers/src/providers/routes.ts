import {
  createProvider as createProviderContract,
  decideProvider as decideProviderContract,
  deleteProvider as deleteProviderContract,
  getProvider as getProviderContract,
  listProviders as listProvidersContract,
  updateProvider as updateProviderContract,
} from '@sneakers/shared/contracts/providers';
import { route, type Route } from '@sneakers/shared/runtime/function';
import { providersDeps } from './deps';
import {
  createProvider,
  decideProvider,
  deleteProvider,
  getProvider,
  listProviders,
  updateProvider,
} from './domain';

/** The store's providers: CDK declares these routes and the local gateway serves them. */
export const providerRoutes: Route[] = [
  route(listProvidersContract, async ({ actor, query }) => listProviders(providersDeps(), actor, query)),
  route(createProviderContract, async ({ actor, body }) => ({
    provider: await createProvider(providersDeps(), actor, body),
  })),
  route(getProviderContract, async ({ actor, params }) => ({
    provider: await getProvider(providersDeps(), actor, params.providerId),
  })),
  route(updateProviderContract, async ({ actor, params, body }) => ({
    provider: await updateProvider(providersDeps(), actor, params.providerId, body),
  })),
  route(
    decideProviderContract,
    async ({ actor, params, body }) => ({
      provider: await decideProvider(providersDeps(), actor, params.providerId, body.decision),
    }),
    { status: 200 },
  ),
  route(deleteProviderContract, async ({ actor, params }) => {
    await deleteProvider(providersDeps(), actor, params.providerId);
    return { deleted: true as const };
  }),
];
