import { randomUUID } from 'node:crypto';
import { createMyProfile, startDemoSession } from '@sneakers/shared/contracts/profiles';
import { createDocumentClient } from '@sneakers/shared/table/client';
import { LOCAL_NAMES } from '../../../../localstack/src/names';
import { api, cloud, newUser, signIn } from '../../../../tests/support/cloud-client';

/**
 * The catalog suites' set-up on the local cloud: its users (the local superuser, stores,
 * the demo identity) and the table, for the use cases run below the gateway.
 */
export type Client = ReturnType<typeof api>;

/** The local cloud's superuser (`admin@sneakers.local`), signed in. */
export async function localAdmin(): Promise<Client> {
  return api(await signIn(cloud().admin.email, cloud().admin.password));
}

/** The read-only Try Demo identity. */
export async function demoClient(): Promise<Client> {
  return api((await api().call(startDemoSession, {})).accessToken);
}

/** A signed-in store with a profile, its business named after `name`. */
export async function storeUser(name: string): Promise<{ client: Client; userId: string }> {
  const { token } = await newUser();
  const client = api(token);
  const handle = name.toLowerCase().replace(/[^a-z]/g, '');
  const { profile } = await client.call(createMyProfile, {
    body: {
      role: 'store',
      businessName: `${name} ${randomUUID().slice(0, 6)}`,
      contactEmail: `${handle}-${randomUUID()}@example.com`,
      phone: '+34 600123456',
      location: 'Madrid',
      instagramHandle: handle,
      preferredContact: 'instagram',
      currency: 'EUR',
      language: 'en',
      publicWtbList: false,
      publicWtsList: false,
    },
  });
  return { client, userId: profile.userId };
}

/** The local cloud's table, through a document client of the test's own. */
export function localTable() {
  const client = createDocumentClient({
    AWS_REGION: LOCAL_NAMES.region,
    DYNAMODB_ENDPOINT: cloud().dynamodbUrl,
  });
  return { client, table: cloud().tableName || LOCAL_NAMES.table };
}
