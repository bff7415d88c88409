import { randomUUID } from 'node:crypto';
import { fixedClock } from '@sneakers/shared/clock';
import { createItem } from '@sneakers/shared/contracts/lists';
import { createMyProfile } from '@sneakers/shared/contracts/profiles';
import { createIdempotencyStore } from '@sneakers/shared/idempotency/entity';
import { secureToken, ulidGenerator } from '@sneakers/shared/ids';
import { createRateLimiter } from '@sneakers/shared/rate-limit/store';
import { createDocumentClient } from '@sneakers/shared/table/client';
import { LOCAL_NAMES } from '../../../../localstack/src/names';
import { api, cloud, mailTo, newUser, poll, type SentMail } from '../../../../tests/support/cloud-client';
import type { AnonymousOffersDeps } from '../../src/anonymous-offers/ports';
import { createAnonymousOffersRepository } from '../../src/anonymous-offers/repository';

/** A fresh Idempotency-Key. */
export const key = () => `key-${randomUUID()}`;

/** The mails sent to `address` once there are `count` of them (or what came before the wait ran out). */
export const mailsTo = (address: string, count: number) =>
  poll(
    () => mailTo(address),
    (m: SentMail[]) => m.length >= count,
  );

/**
 * A signed-in store with a profile (public WTB list, EUR) and, optionally, public pending
 * WTB items in `sizes`.
 */
export async function trader(
  name: string,
  opts: { language?: 'en' | 'es'; items?: number; sizes?: string[] } = {},
) {
  const user = await newUser();
  const contactEmail = `${name.toLowerCase().replace(/\W+/g, '-')}-${randomUUID()}@example.com`;
  const client = api(user.token);
  const { userId } = (
    await client.call(createMyProfile, {
      body: {
        role: 'store',
        businessName: name,
        contactEmail,
        phone: '+34 600123456',
        location: 'Madrid',
        instagramHandle: name.toLowerCase(),
        preferredContact: 'instagram',
        currency: 'EUR',
        language: opts.language ?? 'en',
        publicWtbList: true,
        publicWtsList: false,
      },
    })
  ).profile;
  const items = [];
  for (let n = 0; n < (opts.items ?? 0); n++) {
    const { item } = await client.call(createItem, {
      body: {
        listType: 'wtb',
        sku: `DD1391-10${n}`,
        name: `Dunk Low ${n}`,
        sizes: opts.sizes ?? ['9', '10', '11'],
        visibility: 'public',
        status: 'pending',
        targetPrice: 12000,
      },
    });
    items.push(item);
  }
  return { ...user, userId, contactEmail, client, items };
}

export type Trader = Awaited<ReturnType<typeof trader>>;

/** The anonymous offers' use cases against the local cloud's table, at a clock of the test's choosing. */
export function anonymousOffersDeps(now: Date): AnonymousOffersDeps {
  const client = createDocumentClient({
    AWS_REGION: LOCAL_NAMES.region,
    DYNAMODB_ENDPOINT: cloud().dynamodbUrl,
  });
  const table = cloud().tableName || LOCAL_NAMES.table;
  return {
    repo: createAnonymousOffersRepository(client, table),
    idempotency: createIdempotencyStore(client, table),
    limiter: createRateLimiter(client, table),
    clock: fixedClock(now.toISOString()),
    ids: ulidGenerator,
    tokens: { next: () => secureToken(16) },
  };
}
