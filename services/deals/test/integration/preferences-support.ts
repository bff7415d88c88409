import { randomUUID } from 'node:crypto';
import { createMyProfile, type LANGUAGES } from '@sneakers/shared/contracts/profiles';
import { createDocumentClient } from '@sneakers/shared/table/client';
import { LOCAL_NAMES } from '../../../../localstack/src/names';
import { api, cloud, newUser } from '../../../../tests/support/cloud-client';

/** A signed-in user with a profile (store or reseller) in `language`, email notifications on. */
export async function trader(
  businessName: string,
  opts: { role?: 'store' | 'reseller'; language?: (typeof LANGUAGES)[number] } = {},
) {
  const user = await newUser();
  const client = api(user.token);
  const contactEmail = `deals-${randomUUID()}@example.com`;
  const { profile } = await client.call(createMyProfile, {
    body: {
      role: opts.role ?? 'store',
      businessName,
      contactEmail,
      phone: '+34 600123456',
      location: 'Madrid',
      preferredContact: 'email',
      currency: 'EUR',
      language: opts.language ?? 'en',
      publicWtbList: true,
      publicWtsList: true,
    },
  });
  return { ...user, client, userId: profile.userId, contactEmail };
}

/** The local cloud's table, for the digest's run (the schedule's use case on the real table). */
export function localTable() {
  return {
    client: createDocumentClient({ AWS_REGION: LOCAL_NAMES.region, DYNAMODB_ENDPOINT: cloud().dynamodbUrl }),
    table: cloud().tableName || LOCAL_NAMES.table,
  };
}
