import * as z from 'zod/mini';
import { defineContract } from './contract';
import { requiredText } from './fields';

/**
 * The store API's own contracts (services/store-api, docs/product/store-api.md): the store's
 * API keys (Settings → API keys). The `/v1` routes integrators call with a key are in
 * ./store-api-v1.ts; outgoing webhooks in ./webhooks.ts.
 */

/** Keys open only the store's own data; a reseller has no store API. */
export const API_KEY_NAME_MAX = 60;
/** A store keeps at most this many active keys (one per integration is the norm). */
export const API_KEYS_MAX_ACTIVE = 20;
/** How many characters of a key the product ever shows again after creation. */
export const API_KEY_SHOWN_PREFIX = 12;

export const apiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The key's first 12 characters (`sk_live_abcd`): enough to tell keys apart, useless to call with. */
  prefix: z.string(),
  active: z.boolean(),
  createdAt: z.string(),
  lastUsedAt: z.nullable(z.string()),
  revokedAt: z.nullable(z.string()),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

export const listApiKeys = defineContract({
  id: 'storeApi.keys.list',
  method: 'GET',
  path: '/api/api-keys',
  auth: 'user',
  response: z.object({ keys: z.array(apiKeySchema) }),
});

export const apiKeyCreateSchema = z.strictObject({
  name: requiredText(API_KEY_NAME_MAX, 'Name is required'),
});

/** Answers the full key ONCE (`secret`); only its SHA-256 is stored. Needs an Idempotency-Key. */
export const createApiKey = defineContract({
  id: 'storeApi.keys.create',
  method: 'POST',
  path: '/api/api-keys',
  auth: 'user',
  body: apiKeyCreateSchema,
  response: z.object({ key: apiKeySchema, secret: z.string() }),
  maxBodyBytes: 1024,
});

export const revokeApiKey = defineContract({
  id: 'storeApi.keys.revoke',
  method: 'DELETE',
  path: '/api/api-keys/{keyId}',
  auth: 'user',
  params: z.strictObject({ keyId: z.string().check(z.minLength(1), z.maxLength(64)) }),
  response: z.object({ key: apiKeySchema }),
});

export const storeApiContracts = [listApiKeys, createApiKey, revokeApiKey] as const;
