import { describe, expect, it } from 'vitest';
import { ApiError } from '@sneakers/shared/api-client';
import { listNotifications } from '@sneakers/shared/contracts/notifications';
import { api, newUser } from '../../../../tests/support/cloud-client';

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (e: unknown) => (e instanceof ApiError ? e.status : e),
  );

describe('notifications inbox', () => {
  it('an empty inbox, and a cursor it did not issue is 400, never a 500', async () => {
    const { token } = await newUser();
    const client = api(token);
    expect(await client.call(listNotifications)).toEqual({ notifications: [], unread: 0, cursor: null });
    const forged = Buffer.from(JSON.stringify({ pk: 'x', sk: 'y', extra: 'z' })).toString('base64url');
    expect(await refusal(client.call(listNotifications, { query: { cursor: 'not-a-cursor' } }))).toBe(400);
    expect(await refusal(client.call(listNotifications, { query: { cursor: forged } }))).toBe(400);
  });
});
