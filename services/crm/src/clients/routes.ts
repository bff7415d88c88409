import {
  createClient as createClientContract,
  deleteClient as deleteClientContract,
  getClient as getClientContract,
  importClients as importClientsContract,
  listClients as listClientsContract,
  updateClient as updateClientContract,
} from '@sneakers/shared/contracts/crm';
import { route, type Route } from '@sneakers/shared/runtime/function';
import { clientsDeps } from './deps';
import { createClient, deleteClient, getClient, importClients, listClients, updateClient } from './domain';

/** The clients' routes: CDK declares them and the local gateway serves them. */
export const clientsRoutes: Route[] = [
  route(listClientsContract, async ({ actor, query }) => listClients(clientsDeps(), actor, query)),
  route(createClientContract, async ({ actor, body }) => ({
    client: await createClient(clientsDeps(), actor, body),
  })),
  route(importClientsContract, async ({ actor, body }) => importClients(clientsDeps(), actor, body.rows), {
    status: 200,
  }),
  route(getClientContract, async ({ actor, params }) => getClient(clientsDeps(), actor, params.clientId)),
  route(updateClientContract, async ({ actor, params, body }) => ({
    client: await updateClient(clientsDeps(), actor, params.clientId, body),
  })),
  route(deleteClientContract, async ({ actor, params }) =>
    deleteClient(clientsDeps(), actor, params.clientId),
  ),
];
