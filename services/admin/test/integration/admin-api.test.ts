import { randomUUID } from 'node:crypto';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { profileSubscription } from '@sneakers/shared/billing/profile-subscription';
import {
  IMPERSONATION_FORBIDDEN_MESSAGE,
  IMPERSONATION_HEADER,
  listAuditLog,
  listUsers,
  startImpersonation,
  stopImpersonation,
} from '@sneakers/shared/contracts/admin';
import { createMyProfile, getMyProfile } from '@sneakers/shared/contracts/profiles';
import { createDocumentClient } from '@sneakers/shared/table/client';
import { api, cloud, newUser, raw, rejection } from '../../../../tests/support/cloud-client';
import { refusal, storeProfile, userWithProfile } from './support';

describe('admin API through the local gateway', () => {
  it('refuses a store user every admin route: 403, and 404 for a grant that is not theirs', async () => {
    const store = await userWithProfile('Plain Store');
    const superuser = api((await newUser({ superuser: true })).token);
    const target = await userWithProfile('Target Store');
    const { impersonation } = await superuser.call(startImpersonation, {
      body: { targetUserId: target.userId },
    });

    expect(await refusal(store.client.call(listUsers))).toEqual([403, 'SUPERUSER_REQUIRED']);
    expect(await refusal(store.client.call(listAuditLog))).toEqual([403, 'SUPERUSER_REQUIRED']);
    const start = await rejection(
      store.client.call(startImpersonation, { body: { targetUserId: target.userId } }),
    );
    expect([start.status, start.code, start.message]).toEqual([
      403,
      'IMPERSONATION_FORBIDDEN',
      IMPERSONATION_FORBIDDEN_MESSAGE,
    ]);
    // Only its superuser may stop a grant: to anyone else it does not exist.
    expect(
      await refusal(store.client.call(stopImpersonation, { params: { impersonationId: impersonation.id } })),
    ).toEqual([404, 'IMPERSONATION_NOT_FOUND']);
    expect(
      await refusal(target.client.call(stopImpersonation, { params: { impersonationId: impersonation.id } })),
    ).toEqual([404, 'IMPERSONATION_NOT_FOUND']);
    expect(
      await superuser.call(stopImpersonation, { params: { impersonationId: impersonation.id } }),
    ).toEqual({
      stopped: true,
    });
    expect((await raw('/api/admin/users')).status).toBe(401);
  });

  it('lists users newest first for a superuser, with a case-insensitive search and pages', async () => {
    const tag = `zq${randomUUID().slice(0, 8)}`;
    const first = await userWithProfile(`${tag.toUpperCase()} Kicks`);
    const second = await userWithProfile('Sole Shop', `Owner.${tag}@Example.com`);
    const third = await userWithProfile(`The ${tag} Corner`);
    const superuser = api((await newUser({ superuser: true })).token);

    const page1 = await superuser.call(listUsers, { query: { search: tag.toUpperCase(), limit: 2 } });
    expect(page1.users.map((u) => u.userId)).toEqual([third.userId, second.userId]);
    expect(page1.cursor).not.toBeNull();
    const page2 = await superuser.call(listUsers, {
      query: { search: tag, limit: 2, cursor: page1.cursor ?? undefined },
    });
    expect(page2.users.map((u) => u.userId)).toEqual([first.userId]);
    expect(page1.users[1]).toMatchObject({
      businessName: 'Sole Shop',
      email: `Owner.${tag}@Example.com`,
      role: 'store',
      plan: 'trial',
      subscriptionStatus: 'trial',
      isSuperuser: false,
    });

    const byEmail = await superuser.call(listUsers, { query: { search: `owner.${tag}@example` } });
    expect(byEmail.users.map((u) => u.userId)).toEqual([second.userId]);

    // Unfiltered, the newest profile comes first.
    const newest = await userWithProfile(`Newest ${tag}`);
    const top = await superuser.call(listUsers, { query: { limit: 1 } });
    expect(top.users.map((u) => u.userId)).toEqual([newest.userId]);

    const forged = await rejection(superuser.call(listUsers, { query: { cursor: 'not-a-cursor' } }));
    expect([forged.status, forged.code]).toEqual([400, 'VALIDATION_FAILED']);
  });

  it("shows each user's subscription status, plan, trial end and past-due start, as billing keeps them", async () => {
    const tag = `zs${randomUUID().slice(0, 8)}`;
    const trialing = await userWithProfile(`${tag} Trial`);
    const late = await userWithProfile(`${tag} Late`);
    const superuser = api((await newUser({ superuser: true })).token);
    // Written as the billing service's webhook transaction writes them (its one write into the profile).
    const { tableName, dynamodbUrl } = cloud();
    const doc = createDocumentClient({ AWS_REGION: 'eu-west-1', DYNAMODB_ENDPOINT: dynamodbUrl });
    const pastDueSince = '2026-11-20T09:00:00.000Z';
    await doc.send(
      new UpdateCommand(
        profileSubscription
          .patch({ userId: late.userId })
          .set({ subscriptionStatus: 'past_due', subscriptionPlan: 'standard', pastDueSince })
          .params({ table: tableName }),
      ),
    );

    const { users } = await superuser.call(listUsers, { query: { search: tag } });
    const byId = new Map(users.map((u) => [u.userId, u]));
    expect(byId.get(late.userId)).toMatchObject({
      subscriptionStatus: 'past_due',
      plan: 'standard',
      pastDueSince,
      trialEndsAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    expect(byId.get(trialing.userId)).toMatchObject({
      subscriptionStatus: 'trial',
      plan: 'trial',
      pastDueSince: null,
    });
    const trialEnd = Date.parse(byId.get(trialing.userId)?.trialEndsAt ?? '');
    expect(Math.round((trialEnd - Date.now()) / 86_400_000)).toBe(14);
  });

  it('starts and stops an impersonation, and the audit log shows both', async () => {
    const admin = await userWithProfile('Admin Desk', `Admin.${randomUUID()}@Example.com`, {
      superuser: true,
    });
    const superuser = admin.client;
    const target = await userWithProfile('Impersonated Store');

    const started = await superuser.call(startImpersonation, { body: { targetUserId: target.userId } });
    expect(started.token).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(started.impersonation).toMatchObject({
      targetUserId: target.userId,
      targetBusinessName: 'Impersonated Store',
      targetEmail: target.contactEmail,
    });
    expect(Date.parse(started.impersonation.expiresAt) - Date.parse(started.impersonation.startedAt)).toBe(
      30 * 60_000,
    );

    const stopPath = `/api/admin/impersonations/${started.impersonation.id}/stop`;
    const stop = () => raw(stopPath, { method: 'POST', headers: { authorization: `Bearer ${admin.token}` } });
    const stopped = await stop();
    expect([stopped.status, await stopped.json()]).toEqual([200, { stopped: true }]);
    // Idempotent: stopping again answers the same.
    expect((await stop()).status).toBe(200);

    // Access tokens carry no email: the filter finds the superuser's entries through their profile.
    const { entries } = await superuser.call(listAuditLog, {
      query: { actor: admin.contactEmail.toUpperCase() },
    });
    expect(entries.map((e) => [e.action, e.subject, e.actorUserId])).toEqual([
      ['impersonation.stopped', target.userId, admin.userId],
      ['impersonation.started', target.userId, admin.userId],
    ]);
    expect(JSON.parse(entries[1]?.after ?? 'null')).toEqual({
      targetEmail: target.contactEmail,
      expiresAt: started.impersonation.expiresAt,
    });
    expect(JSON.stringify(entries)).not.toContain(started.token);
    // Named from their profiles (one batch read), not by their ids.
    expect(entries[1]).toMatchObject({
      actor: { userId: admin.userId, businessName: 'Admin Desk', email: admin.contactEmail.toLowerCase() },
      subjectUser: { userId: target.userId, businessName: 'Impersonated Store', email: target.contactEmail },
      subjectName: null,
    });

    const onlyStops = await superuser.call(listAuditLog, {
      query: { action: 'impersonation.stopped', actor: admin.userId },
    });
    expect(onlyStops.entries.map((e) => e.action)).toEqual(['impersonation.stopped']);
  });

  it('acts as the target while the grant lasts, and not once it is stopped', async () => {
    const admin = await newUser({ superuser: true });
    const target = await userWithProfile('Seen As Target');
    const { impersonation, token } = await api(admin.token).call(startImpersonation, {
      body: { targetUserId: target.userId },
    });
    const asTarget = () =>
      raw('/api/profile', {
        headers: { authorization: `Bearer ${admin.token}`, [IMPERSONATION_HEADER]: token },
      });
    const during = await asTarget();
    expect(during.status).toBe(200);
    expect(((await during.json()) as { profile: { userId: string } }).profile.userId).toBe(target.userId);

    // The superuser may stop it from inside the impersonation.
    const stop = await raw(`/api/admin/impersonations/${impersonation.id}/stop`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin.token}`, [IMPERSONATION_HEADER]: token },
    });
    expect(stop.status).toBe(200);
    expect((await asTarget()).status).toBe(403);
    // Without the header the superuser is themselves again.
    expect((await api(admin.token).call(getMyProfile)).profile).toBeNull();
  });

  it('lets no other superuser stop a grant (404), nor anyone impersonate themselves or a user without a profile', async () => {
    const owner = api((await newUser({ superuser: true })).token);
    const other = api((await newUser({ superuser: true })).token);
    const target = await userWithProfile('Guarded Store');
    const { impersonation } = await owner.call(startImpersonation, { body: { targetUserId: target.userId } });

    expect(
      await refusal(other.call(stopImpersonation, { params: { impersonationId: impersonation.id } })),
    ).toEqual([404, 'IMPERSONATION_NOT_FOUND']);
    expect(
      await refusal(owner.call(stopImpersonation, { params: { impersonationId: 'no-such-grant' } })),
    ).toEqual([404, 'IMPERSONATION_NOT_FOUND']);
    // The owner still can: the other superuser's attempt changed nothing.
    expect(await owner.call(stopImpersonation, { params: { impersonationId: impersonation.id } })).toEqual({
      stopped: true,
    });

    // A real account without a profile is no one to act as.
    const noProfile = await newUser();
    const { sub } = JSON.parse(Buffer.from(noProfile.token.split('.')[1] ?? '', 'base64url').toString()) as {
      sub: string;
    };
    expect(await refusal(other.call(startImpersonation, { body: { targetUserId: sub } }))).toEqual([
      404,
      'USER_NOT_FOUND',
    ]);
    const self = await newUser({ superuser: true });
    const selfClient = api(self.token);
    const selfProfile = await selfClient.call(createMyProfile, {
      body: storeProfile('Self', self.email),
    });
    expect(
      await refusal(
        selfClient.call(startImpersonation, { body: { targetUserId: selfProfile.profile.userId } }),
      ),
    ).toEqual([400, 'IMPERSONATION_SELF']);
  });
});
