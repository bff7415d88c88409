import { randomUUID } from 'node:crypto';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { createApiClient, type ApiCall } from '@sneakers/shared/api-client';
import { createMyProfile } from '@sneakers/shared/contracts/profiles';
import type { Currency } from '@sneakers/shared/money';
import { createDocumentClient } from '@sneakers/shared/table/client';
import { outboxEntity } from '@sneakers/shared/table/outbox';
import { LOCAL_NAMES } from '../../../../localstack/src/names';
import { api, cloud, newUser } from '../../../../tests/support/cloud-client';
import { createIbanRevealsRepository } from '../../src/iban-reveals/repository';
import { createProvidersRepository } from '../../src/providers/repository';

/** A fresh provider email. */
export const email = () => `provider-${randomUUID()}@example.com`;

/**
 * API clients whose response bodies land in `bodies` (except those whose URL `skip` names),
 * so a suite can prove what never leaves the server.
 */
export function recordingClients(bodies: string[], skip: (url: string) => boolean = () => false) {
  const recordingFetch: typeof fetch = async (input, init) => {
    const response = await fetch(input, init);
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (!skip(url)) bodies.push(await response.clone().text());
    return response;
  };
  return (token?: string): ApiCall =>
    createApiClient({ baseUrl: cloud().appUrl, getToken: () => token, fetch: recordingFetch });
}

/** A signed-in store with a profile (English, no public lists), calling through `client` if given. */
export async function storeUser(
  businessName: string,
  opts: { currency?: Currency; client?: (token: string) => ApiCall } = {},
) {
  const user = await newUser();
  const call = opts.client ? opts.client(user.token) : api(user.token).call;
  const { userId } = (
    await call(createMyProfile, {
      body: {
        role: 'store',
        businessName,
        contactEmail: `store-${randomUUID()}@example.com`,
        phone: '+34 600123456',
        location: 'Madrid',
        preferredContact: 'email',
        currency: opts.currency ?? 'EUR',
        language: 'en',
        publicWtbList: false,
        publicWtsList: false,
      },
    })
  ).profile;
  return { ...user, userId, call };
}

/** Direct table access, to check what the API must not show: the stored IBAN, the reveals, the outbox. */
export function table() {
  const documentClient = createDocumentClient({
    AWS_REGION: LOCAL_NAMES.region,
    DYNAMODB_ENDPOINT: cloud().dynamodbUrl,
  });
  const name = cloud().tableName || LOCAL_NAMES.table;
  return {
    providers: createProvidersRepository(documentClient, name),
    ibanReveals: createIbanRevealsRepository(documentClient, name),
    documentClient,
    name,
  };
}

/** Provider.Registered events in the outbox for one provider (a test-only Scan). */
export async function registeredEvents(providerId: string) {
  const { documentClient, name } = table();
  const rows: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await documentClient.send(
      new ScanCommand({
        TableName: name,
        FilterExpression: '#e = :e AND #t = :t',
        ExpressionAttributeNames: { '#e': '__edb_e__', '#t': 'detailType' },
        ExpressionAttributeValues: { ':e': outboxEntity.schema.model.entity, ':t': 'Provider.Registered' },
        ExclusiveStartKey: start,
      }),
    );
    rows.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start);
  const data = rows.flatMap((Item) => outboxEntity.parse({ Item }).data ?? []);
  return data.filter((e) => (e.detail as { data?: { providerId?: string } }).data?.providerId === providerId);
}
