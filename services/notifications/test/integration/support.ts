import { randomUUID } from 'node:crypto';
import { createMyProfile, type LANGUAGES } from '@sneakers/shared/contracts/profiles';
import { createDocumentClient } from '@sneakers/shared/table/client';
import { LOCAL_NAMES } from '../../../../localstack/src/names';
import { api, cloud, newUser } from '../../../../tests/support/cloud-client';

type Language = (typeof LANGUAGES)[number];

/** A fresh Idempotency-Key. */
export const key = () => `key-${randomUUID()}`;

/** The local cloud's table, for what no route reads or writes. */
export function localTable() {
  return {
    client: createDocumentClient({ AWS_REGION: LOCAL_NAMES.region, DYNAMODB_ENDPOINT: cloud().dynamodbUrl }),
    table: cloud().tableName || LOCAL_NAMES.table,
  };
}

/** A signed-in store with a profile in `language` (email notifications on, the WTS list private). */
export async function storeWithProfile(options: {
  language: Language;
  businessName: string;
  contactEmail?: string;
  publicWtbList?: boolean;
}) {
  const user = await newUser();
  const client = api(user.token);
  const contactEmail = options.contactEmail ?? `store-${randomUUID()}@example.com`;
  const { profile } = await client.call(createMyProfile, {
    body: {
      role: 'store',
      businessName: options.businessName,
      contactEmail,
      phone: '+34 600123456',
      location: 'Madrid',
      preferredContact: 'email',
      currency: 'EUR',
      language: options.language,
      publicWtbList: options.publicWtbList ?? false,
      publicWtsList: false,
    },
  });
  return { ...user, client, userId: profile.userId, contactEmail };
}

/** A Spanish ('Zapas Madrid') or English ('Kicks London') store's API client, with its user id. */
export async function storeClient(language: Language) {
  const store = await storeWithProfile({
    language,
    businessName: language === 'es' ? 'Zapas Madrid' : 'Kicks London',
  });
  return Object.assign(store.client, { userId: store.userId });
}
