import { randomUUID } from 'node:crypto';
import { systemClock, type Clock } from '@sneakers/shared/clock';
import { createItem } from '@sneakers/shared/contracts/lists';
import { createMyProfile, type ProfileCreate } from '@sneakers/shared/contracts/profiles';
import { ulidGenerator } from '@sneakers/shared/ids';
import { createDocumentClient } from '@sneakers/shared/table/client';
import { LOCAL_NAMES } from '../../../../localstack/src/names';
import { api, cloud, newUser } from '../../../../tests/support/cloud-client';
import { countRequests } from '../../../../tests/support/count-requests';
import type { ConversationsDeps } from '../../src/conversations/ports';
import { createConversationsRepository } from '../../src/conversations/repository';
import type { UnreadDeps } from '../../src/unread/ports';
import { createUnreadRepository } from '../../src/unread/repository';

/** A signed-in user with a profile (a public WTB list) and, optionally, WTB items. */
export async function trader(name: string, opts: { role?: 'store' | 'reseller'; items?: number } = {}) {
  const user = await newUser();
  const profile: ProfileCreate = {
    role: opts.role ?? 'store',
    businessName: name,
    contactEmail: `${name.toLowerCase().replace(/\W+/g, '-')}-${randomUUID()}@example.com`,
    phone: '+34 600123456',
    location: 'Madrid',
    instagramHandle: name.toLowerCase().replace(/\W+/g, ''),
    preferredContact: 'instagram',
    currency: 'EUR',
    language: 'en',
    publicWtbList: true,
    publicWtsList: false,
  };
  const client = api(user.token);
  const { userId } = (await client.call(createMyProfile, { body: profile })).profile;
  const items = [];
  for (let n = 0; n < (opts.items ?? 0); n++) {
    const { item } = await client.call(createItem, {
      body: {
        listType: 'wtb',
        sku: `DD1391-10${n}`,
        name: `Dunk Low ${n}`,
        sizes: ['9', '10', '11'],
        visibility: 'public',
        status: 'pending',
        targetPrice: 12000,
      },
    });
    items.push(item);
  }
  return { ...user, userId, client, items };
}

export type Trader = Awaited<ReturnType<typeof trader>>;

export const clientId = () => `m-${randomUUID()}`;

/**
 * The service's own storage on the local cloud's DynamoDB, counting the requests it sends:
 * the conversations' and the unread counts' use cases run on it as their function would.
 */
export function localMessaging(clock: Clock = systemClock) {
  const client = createDocumentClient({
    AWS_REGION: LOCAL_NAMES.region,
    DYNAMODB_ENDPOINT: cloud().dynamodbUrl,
  });
  const requests = countRequests(client);
  const table = cloud().tableName || LOCAL_NAMES.table;
  const deps: ConversationsDeps & UnreadDeps = {
    repo: { ...createConversationsRepository(client, table), ...createUnreadRepository(client, table) },
    clock,
    ids: ulidGenerator,
  };
  return { deps, requests, client, table };
}
