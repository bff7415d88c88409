import { describe, expect, it } from 'vitest';
import { createMyProfile } from '../../src/contracts/profiles';
import { TABLE_KEYS } from '../../src/table/definition';
import { api, newUser, raw } from '../../../tests/support/cloud-client';

/**
 * Every list route refuses a page cursor the server did not issue with 400, never a 500
 * from DynamoDB: one shared check (shared/src/table/paging.ts) for every list.
 */
const LIST_ROUTES = [
  '/api/anonymous-offers',
  '/api/providers',
  '/api/providers?status=approved',
  '/api/notifications',
  '/api/items?listType=wtb',
  '/api/items?listType=inventory',
  '/api/clients',
  '/api/bookings',
  '/api/bookings?status=active',
  '/api/offers?box=received',
  '/api/offers?box=sent',
];

const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const foreign = { pk: '$sneakers$item#userid_someone-else', sk: '$item_1#itemid_x' };

/** A cursor with the right key names for the table and each index, in a partition not the caller's. */
const rightShape: [string, string][] = [
  ['right keys for the table, foreign partition', encode(foreign)],
  ...TABLE_KEYS.indexes.map((i): [string, string] => [
    `right keys for ${i.name}, foreign partition`,
    encode({ ...foreign, [i.partitionKey]: 'someone-else', [i.sortKey]: 'x' }),
  ]),
];

const FORGED: [string, string][] = [
  ['not base64 JSON', '%%%'],
  ['plain text', 'hello'],
  ['a JSON string', encode('pk')],
  ['null', encode(null)],
  ['an array', encode(['pk', 'sk'])],
  ['wrong key types', encode({ pk: 1, sk: { S: 'x' } })],
  ['DynamoDB attribute values', encode({ pk: { S: 'a' }, sk: { S: 'b' } })],
  ['a __proto__ key', Buffer.from('{"__proto__":{"pk":"a"},"pk":"a","sk":"b"}').toString('base64url')],
  ['a constructor key', encode({ constructor: { prototype: {} }, pk: 'a', sk: 'b' })],
  ['an extra key', encode({ ...foreign, admin: 'x' })],
  ['empty values', encode({ pk: '', sk: '' })],
  ...rightShape,
];

/** Each forged cursor on `path`, as `status code`, keyed by what was forged. */
async function answersTo(path: string, headers: Record<string, string>) {
  expect((await raw(path, { headers })).status).toBe(200);
  const answers: Record<string, string> = {};
  for (const [what, cursor] of FORGED) {
    const url = `${path}${path.includes('?') ? '&' : '?'}cursor=${encodeURIComponent(cursor)}`;
    const res = await raw(url, { headers });
    const body = (await res.json()) as { error?: { code?: string } };
    answers[what] = `${res.status} ${body.error?.code ?? ''}`;
  }
  return answers;
}

const allRefused = Object.fromEntries(FORGED.map(([what]) => [what, '400 VALIDATION_FAILED']));

describe('forged page cursors', () => {
  it.each(LIST_ROUTES)('%s answers 400 for every forged cursor', async (path) => {
    const { token } = await newUser();
    expect(await answersTo(path, { authorization: `Bearer ${token}` })).toEqual(allRefused);
  });

  it('a public list answers 400 for every forged cursor', async () => {
    const { token } = await newUser();
    const { profile } = await api(token).call(createMyProfile, {
      body: {
        role: 'store',
        businessName: 'Cursor Test Store',
        contactEmail: 'cursor@example.com',
        phone: '+34 600000000',
        location: 'Valencia, Spain',
        preferredContact: 'email',
        currency: 'EUR',
        language: 'en',
        publicWtbList: true,
        publicWtsList: false,
      },
    });
    expect(await answersTo(`/api/public-lists/${profile.userId}/wtb`, {})).toEqual(allRefused);
  });
});
