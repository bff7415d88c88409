import type { AccountRowsEraser } from '@sneakers/shared/portability/owner';
import type { DocumentClient } from '@sneakers/shared/table/client';
import { Service } from '@sneakers/shared/table/entity';
import { apiKeyEntity } from '../keys/api-key-entity';
import { apiKeyHashEntity } from '../keys/api-key-hash-entity';
import { apiKeyTallyEntity } from '../keys/api-key-tally-entity';
import { webhookDeliveryEntity } from '../webhooks/delivery-entity';
import { webhookEndpointEntity } from '../webhooks/endpoint-entity';

/**
 * A closed account's store API (docs/product/accounts.md#closing-the-account): its keys with
 * their hash lookups (so no call authenticates with them any more), the keys' tally, and its
 * webhook endpoints with their deliveries (which carry the payloads sent). Queries of the
 * store's partition, then of each endpoint's deliveries; no Scan.
 */
export function createStoreApiEraser(client: DocumentClient, table: string): AccountRowsEraser {
  const { keys, hashes, tallies, endpoints, deliveries } = new Service(
    {
      keys: apiKeyEntity,
      hashes: apiKeyHashEntity,
      tallies: apiKeyTallyEntity,
      endpoints: webhookEndpointEntity,
      deliveries: webhookDeliveryEntity,
    },
    { client, table },
  ).entities;

  return {
    passes: (storeUserId, limit) => [
      async () => {
        const { data } = await keys.query
          .byStore({ storeUserId })
          .go({ limit, attributes: ['keyId', 'keyHash'] });
        if (!data.length) return { deleted: 0, anonymised: 0 };
        // The lookup first: a key whose hash row is gone no longer signs in, whatever else fails.
        await hashes.delete(data.map(({ keyHash }) => ({ keyHash }))).go();
        await keys.delete(data.map(({ keyId }) => ({ storeUserId, keyId }))).go();
        return { deleted: data.length * 2, anonymised: 0 };
      },
      async () => {
        const { data } = await tallies.get({ storeUserId }).go({ attributes: ['storeUserId'] });
        if (!data) return { deleted: 0, anonymised: 0 };
        await tallies.delete({ storeUserId }).go();
        return { deleted: 1, anonymised: 0 };
      },
      // One endpoint at a time: a page of its deliveries, and the endpoint once it has none.
      async () => {
        const { data } = await endpoints.query.byStore({ storeUserId }).go({ limit: 1, attributes: ['id'] });
        const endpoint = data[0];
        if (!endpoint) return { deleted: 0, anonymised: 0 };
        const { data: sent } = await deliveries.query
          .byEndpoint({ endpointId: endpoint.id })
          .go({ limit, attributes: ['endpointId', 'id'] });
        if (sent.length) {
          await deliveries.delete(sent.map(({ endpointId, id }) => ({ endpointId, id }))).go();
          return { deleted: sent.length, anonymised: 0 };
        }
        await endpoints.delete({ storeUserId, id: endpoint.id }).go();
        return { deleted: 1, anonymised: 0 };
      },
    ],
  };
}
