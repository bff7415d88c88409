import { createItem, type ItemCreate } from '@sneakers/shared/contracts/lists';
import { createMyProfile, type ProfileCreate } from '@sneakers/shared/contracts/profiles';
import { createDocumentClient } from '@sneakers/shared/table/client';
import { LOCAL_NAMES } from '../../../../localstack/src/names';
import { api, cloud, newUser } from '../../../../tests/support/cloud-client';
import { createItemRepository } from '../../src/items/repository';

export const profile = (flags: Partial<ProfileCreate> = {}): ProfileCreate => ({
  role: 'store',
  businessName: 'Kicks Valencia',
  contactEmail: 'hello@kicks.example',
  phone: '+34 600111222',
  location: 'Valencia, Spain',
  instagramHandle: 'kicksvlc',
  preferredContact: 'email',
  currency: 'EUR',
  language: 'en',
  publicWtbList: true,
  publicWtsList: false,
  ...flags,
});

/** A signed-in user with a profile, and its user id. */
export async function owner(flags: Partial<ProfileCreate> = {}) {
  const { token } = await newUser();
  const client = api(token);
  const { profile: created } = await client.call(createMyProfile, { body: profile(flags) });
  return { token, client, userId: created.userId };
}

export const wtb = (extra: Partial<ItemCreate> = {}): ItemCreate => ({
  listType: 'wtb',
  sku: 'DZ5485-612',
  name: 'Air Jordan 1 Retro High OG Chicago',
  brand: 'Jordan',
  colorway: 'Varsity Red/Black',
  sizes: ['42', '43'],
  targetPrice: 18000,
  ...extra,
});

/** Creates items in parallel batches of 10. */
export async function createMany(client: ReturnType<typeof api>, inputs: ItemCreate[]) {
  const ids: string[] = [];
  for (let i = 0; i < inputs.length; i += 10) {
    const batch = await Promise.all(inputs.slice(i, i + 10).map((body) => client.call(createItem, { body })));
    ids.push(...batch.map((r) => r.item.id));
  }
  return ids;
}

/** The item repository against the local cloud's table (DynamoDB Local). */
export function itemRepository() {
  return createItemRepository(
    createDocumentClient({ AWS_REGION: LOCAL_NAMES.region, DYNAMODB_ENDPOINT: cloud().dynamodbUrl }),
    cloud().tableName || LOCAL_NAMES.table,
  );
}
