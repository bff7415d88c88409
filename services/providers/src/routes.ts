import {
  createConsignment as createConsignmentContract,
  createProvider as createProviderContract,
  decideProvider as decideProviderContract,
  deleteProvider as deleteProviderContract,
  getProvider as getProviderContract,
  getProviderRegistration,
  getProviderRegistrationLink,
  listConsignments as listConsignmentsContract,
  listProviderIbanReveals,
  listProviders as listProvidersContract,
  markConsignmentReturned as markConsignmentReturnedContract,
  markConsignmentSold as markConsignmentSoldContract,
  revealProviderIban,
  rotateProviderRegistrationLink,
  submitProviderRegistration,
  updateProvider as updateProviderContract,
} from '@sneakers/shared/contracts/providers';
import { route, type Route } from '@sneakers/shared/runtime/function';
import { providersDeps } from './deps';
import {
  createConsignment,
  listConsignments,
  markConsignmentReturned,
  markConsignmentSold,
} from './domain/consignments';
import { listIbanReveals, revealIban } from './domain/iban-reveals';
import {
  createProvider,
  decideProvider,
  deleteProvider,
  getProvider,
  getRegistration,
  getRegistrationLink,
  listProviders,
  rotateRegistrationLink,
  submitRegistration,
  updateProvider,
} from './domain/providers';

/** The route table: CDK declares these routes and the local gateway serves them. */
export const providersRoutes: Route[] = [
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
  // 200: a reveal answers what is stored; the audit record it writes is not the resource.
  route(
    revealProviderIban,
    async ({ actor, params, body }) => revealIban(providersDeps(), actor, params.providerId, body.purpose),
    { status: 200 },
  ),
  route(listProviderIbanReveals, async ({ actor, params }) =>
    listIbanReveals(providersDeps(), actor, params.providerId),
  ),
  route(getProviderRegistrationLink, async ({ actor }) => getRegistrationLink(providersDeps(), actor)),
  route(rotateProviderRegistrationLink, async ({ actor }) => rotateRegistrationLink(providersDeps(), actor), {
    status: 200,
  }),
  route(getProviderRegistration, async ({ params }) => getRegistration(providersDeps(), params)),
  // 200, not 201: a repeated email answers the same and creates nothing.
  route(
    submitProviderRegistration,
    async ({ sourceIp, params, body }) => submitRegistration(providersDeps(), sourceIp, params, body),
    { status: 200 },
  ),
  route(listConsignmentsContract, async ({ actor, params }) =>
    listConsignments(providersDeps(), actor, params.providerId),
  ),
  route(createConsignmentContract, async ({ actor, params, headers, body, setStatus }) => {
    const { consignment, created } = await createConsignment(
      providersDeps(),
      actor,
      params.providerId,
      headers,
      body,
    );
    // 201 when this call created it, 200 when a retry with the same key replays it.
    if (!created) setStatus(200);
    return { consignment };
  }),
  route(
    markConsignmentSoldContract,
    async ({ actor, params, body }) => ({
      consignment: await markConsignmentSold(providersDeps(), actor, params, body.salePrice),
    }),
    { status: 200 },
  ),
  route(
    markConsignmentReturnedContract,
    async ({ actor, params }) => ({
      consignment: await markConsignmentReturned(providersDeps(), actor, params),
    }),
    { status: 200 },
  ),
];
