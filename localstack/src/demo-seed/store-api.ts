import { createApiKey, listApiKeys, revokeApiKey } from '@sneakers/shared/contracts/store-api';
import { DEMO_OWNER, invoke, seedKey } from './invoke';

/**
 * The demo store's API keys (docs/product/store-api.md#api-keys): two in use and one revoked,
 * as a store with a web shop and a POS integration would have. Their secrets are dropped as
 * they are made, so no one can call with them; Try Demo only lists them.
 */
const KEYS = [
  { name: 'Old POS (replaced)', revoke: true },
  { name: 'Point of sale (Madrid shop)', revoke: false },
  { name: 'Shopify storefront sync', revoke: false },
];

export async function seedDemoStoreApi(): Promise<boolean> {
  const { keys } = await invoke(listApiKeys, DEMO_OWNER);
  if (keys.length > 0) return false;
  for (const [n, sample] of KEYS.entries()) {
    const { key } = await invoke(createApiKey, DEMO_OWNER, {
      body: { name: sample.name },
      headers: seedKey(`api-key-${n}`),
    });
    if (sample.revoke) await invoke(revokeApiKey, DEMO_OWNER, { params: { keyId: key.id } });
  }
  return true;
}
