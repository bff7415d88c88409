import { randomUUID } from 'node:crypto';
import type { Actor } from '@sneakers/shared/actor';
import { systemClock } from '@sneakers/shared/clock';
import { createMyProfile } from '@sneakers/shared/contracts/profiles';
import { createFeatureAccessLoader } from '@sneakers/shared/feature-access/loader';
import { ulidGenerator } from '@sneakers/shared/ids';
import { createDocumentClient } from '@sneakers/shared/table/client';
import { LOCAL_NAMES } from '../../../../localstack/src/names';
import { api, cloud, newUser, signIn } from '../../../../tests/support/cloud-client';
import type { DecisionsDeps } from '../../src/decisions/ports';
import type { FlagsDeps } from '../../src/flags/ports';
import { createFlagConfigRepository } from '../../src/flags/repository';
import { createUsageRepository } from '../../src/usage/repository';
import { createProfileDirectory } from '../../src/user-access/profile-directory';
import { createUserAccessRepository } from '../../src/user-access/repository';

/** Flag names are global: every test makes its own. */
export const flagName = (prefix: string) => `${prefix}-${randomUUID().slice(0, 8)}`;

export type Client = ReturnType<typeof api>;

/** A signed-in store with a profile (grants and overrides need one). */
export async function storeUser(): Promise<{
  client: Client;
  userId: string;
  token: string;
  businessName: string;
}> {
  const { token } = await newUser();
  const client = api(token);
  const businessName = `Flag Shop ${randomUUID().slice(0, 6)}`;
  const { profile } = await client.call(createMyProfile, {
    body: {
      role: 'store',
      businessName,
      contactEmail: `flags-${randomUUID()}@example.com`,
      phone: '+34 600123456',
      location: 'Madrid',
      instagramHandle: 'flagshop',
      preferredContact: 'instagram',
      currency: 'EUR',
      language: 'en',
      publicWtbList: false,
      publicWtsList: false,
    },
  });
  return { client, userId: profile.userId, token, businessName };
}

/** The service's own storage on the local cloud's DynamoDB, as its Lambda builds it. */
export function localDeps(clock = systemClock): FlagsDeps & DecisionsDeps {
  const client = createDocumentClient({
    AWS_REGION: LOCAL_NAMES.region,
    DYNAMODB_ENDPOINT: cloud().dynamodbUrl,
  });
  const table = cloud().tableName || LOCAL_NAMES.table;
  return {
    config: createFlagConfigRepository(client, table),
    userAccess: createUserAccessRepository(client, table),
    usage: createUsageRepository(client, table),
    profiles: createProfileDirectory(client, table),
    access: createFeatureAccessLoader(client, table, clock, 0),
    clock,
    ids: ulidGenerator,
  };
}
export const signedIn = (userId: string): Actor => ({
  kind: 'user',
  userId,
  isSuperuser: false,
  isDemo: false,
});

/** The local superuser (admin@sneakers.local), signed in. */
export async function superuser(): Promise<Client> {
  return api(await signIn(cloud().admin.email, cloud().admin.password));
}
