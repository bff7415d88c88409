import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { listAuditLog, startImpersonation, stopImpersonation } from '@sneakers/shared/contracts/admin';
import { createClient, listClients } from '@sneakers/shared/contracts/crm';
import { getMyProfile } from '@sneakers/shared/contracts/profiles';
import { impersonationTokenHash } from '@sneakers/shared/impersonation/impersonation';
import { createDocumentClient } from '@sneakers/shared/table/client';
import { impersonationView } from '@sneakers/shared/views/impersonation-view';
import { cloud } from '../support/cloud-client';
import { account, impersonating, outcome } from './support';

const INVALID = 'IMPERSONATION_INVALID';

/**
 * Impersonation through the real admin routes and the HTTP pipeline of other services: the
 * token acts as the target only for the superuser who started it, only until it is stopped
 * or expires, and every write made with it is in the audit log.
 */
describe('impersonation', () => {
  let root: Awaited<ReturnType<typeof account>>;
  let otherRoot: Awaited<ReturnType<typeof account>>;
  let target: Awaited<ReturnType<typeof account>>;

  beforeAll(async () => {
    [root, otherRoot, target] = await Promise.all([
      account('superuser'),
      account('superuser'),
      account('store'),
    ]);
  });

  const start = () => root.call(startImpersonation, { body: { targetUserId: target.userId } });

  it("acts as the target, for the grant's superuser only", async () => {
    const { token, impersonation } = await start();
    expect(impersonation.targetUserId).toBe(target.userId);

    const { profile } = await impersonating(root.token, token)(getMyProfile);
    expect(profile?.userId).toBe(target.userId);

    // Another superuser, and the target themselves, cannot use it.
    expect(await outcome(() => impersonating(otherRoot.token, token)(getMyProfile))).toBe(INVALID);
    expect(await outcome(() => impersonating(target.token, token)(getMyProfile))).toBe(INVALID);
    // A token nobody issued.
    expect(await outcome(() => impersonating(root.token, `${token}x`)(getMyProfile))).toBe(INVALID);
  });

  it('records a write made while impersonating before it runs, with the real actor', async () => {
    const { token } = await start();
    const { client } = await impersonating(root.token, token)(createClient, {
      body: { name: 'Made while impersonating', email: 'imp@example.com', phone: '+34 600 000 001' },
    });
    const { entries } = await root.call(listAuditLog, { query: { action: 'impersonation.write' } });
    const entry = entries.find(
      (e) => e.impersonatedUserId === target.userId && e.subject === 'crm.clients.create',
    );
    expect(entry).toMatchObject({ action: 'impersonation.write', actorUserId: root.userId });
    expect(JSON.parse(entry?.after ?? '{}')).toMatchObject({ method: 'POST', path: '/api/clients' });
    // The record is the target's.
    const { clients } = await target.call(listClients);
    expect(clients.map((c) => c.id)).toContain(client.id);
  });

  it('ends when stopped', async () => {
    const { token, impersonation } = await start();
    const as = impersonating(root.token, token);
    expect(await outcome(() => as(getMyProfile))).toBe('OK');
    await as(stopImpersonation, { params: { impersonationId: impersonation.id } });
    expect(await outcome(() => as(getMyProfile))).toBe(INVALID);
    expect(
      await outcome(() =>
        as(createClient, {
          body: { name: 'After stop', email: 'stop@example.com', phone: '+34 600 000 002' },
        }),
      ),
    ).toBe(INVALID);
  });

  it('ends at its expiry, and the superuser can still stop it without the header', async () => {
    const { token, impersonation } = await start();
    const as = impersonating(root.token, token);
    expect(await outcome(() => as(getMyProfile))).toBe('OK');
    // Thirty minutes cannot pass in a test: the stored grant's expiry is moved to the past.
    const { tableName, dynamodbUrl } = cloud();
    const doc = createDocumentClient({ AWS_REGION: 'eu-west-1', DYNAMODB_ENDPOINT: dynamodbUrl });
    const { Key } = impersonationView
      .get({ tokenHash: impersonationTokenHash(token) })
      .params({ table: tableName });
    await doc.send(
      new UpdateCommand({
        TableName: tableName,
        Key,
        UpdateExpression: 'SET expiresAt = :past',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':past': new Date(Date.now() - 1000).toISOString() },
      }),
    );
    expect(await outcome(() => as(getMyProfile))).toBe(INVALID);
    expect(
      await outcome(() => root.call(stopImpersonation, { params: { impersonationId: impersonation.id } })),
    ).toBe('OK');
  });
});
