import { describe, expect, it } from 'vitest';
import { AdminGetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { createDataImport } from '@sneakers/shared/contracts/migration';
import {
  cancelAccountClosure,
  closeMyAccount,
  getAccountClosure,
  getMyProfile,
} from '@sneakers/shared/contracts/profiles';
import { storeUser } from '../../../../tests/support/accounts';
import { cloud, cognito, mailTo, poll, raw, rejection } from '../../../../tests/support/cloud-client';

/** docs/product/accounts.md#closing-the-account, through the local cloud. */
const publicWtb = (userId: string) => raw(`/api/public-lists/${userId}/wtb`).then((r) => r.status);

/** The deletion sweep, now (a local-only endpoint of the local gateway, never deployed). */
const sweepNow = () =>
  raw('/api/local/schedules/profiles/account-deletion-sweep', { method: 'POST' }).then((r) => r.status);

async function userExists(email: string): Promise<boolean> {
  try {
    await cognito().send(new AdminGetUserCommand({ UserPoolId: cloud().userPoolId, Username: email }));
    return true;
  } catch {
    return false;
  }
}

describe('closing the account', () => {
  it('asks for the password, takes the public lists offline at once, emails the date, and is cancelled by the user', async () => {
    const contactEmail = `closing-${Date.now()}@example.com`;
    const store = await storeUser('Closing Kicks', { publicWtbList: true, contactEmail, language: 'es' });
    expect(await publicWtb(store.userId)).toBe(200);

    const wrong = await rejection(store.call(closeMyAccount, { body: { password: 'not-my-password' } }));
    expect([wrong.status, wrong.code]).toEqual([400, 'WRONG_PASSWORD']);
    expect(await publicWtb(store.userId)).toBe(200);
    expect((await store.call(getAccountClosure, {})).closure).toBeNull();

    const { closure } = await store.call(closeMyAccount, { body: { password: store.password } });
    expect(Date.parse(closure.deleteAfter)).toBeGreaterThan(Date.parse(closure.requestedAt));
    expect(await publicWtb(store.userId)).toBe(404);
    expect((await store.call(getAccountClosure, {})).closure).toEqual(closure);
    const again = await rejection(store.call(closeMyAccount, { body: { password: store.password } }));
    expect([again.status, again.code]).toEqual([409, 'CLOSURE_PENDING']);

    const mails = await poll(
      () => mailTo(contactEmail),
      (m) => m.some((x) => x.subject.startsWith('Tu cuenta se eliminará')),
    );
    // Other mail may reach the address meanwhile (billing cancels a subscription on closure): the
    // closure's own email is sent once.
    const closureMails = mails.filter((m) => m.subject.startsWith('Tu cuenta se eliminará'));
    expect(closureMails.map((m) => m.subject)).toEqual([
      expect.stringMatching(/^Tu cuenta se eliminará el /),
    ]);

    await store.call(cancelAccountClosure, {});
    expect((await store.call(getAccountClosure, {})).closure).toBeNull();
    expect(await publicWtb(store.userId)).toBe(200);
    const none = await rejection(store.call(cancelAccountClosure, {}));
    expect([none.status, none.code]).toEqual([409, 'NO_CLOSURE']);
  });

  it('is deleted by the sweep after the grace: the profile, the Cognito user, then a final email', async () => {
    const contactEmail = `deleted-${Date.now()}@example.com`;
    const store = await storeUser('Leaving Kicks', { contactEmail });
    const other = await storeUser('Staying Kicks');
    // An import with its uploaded file: the migration worker erases both on Account.Deleted.
    const csv = Buffer.from('sku,name,size\nDD1391-100,Dunk,42\n');
    const started = await store.call(createDataImport, {
      body: { kind: 'inventory', fileName: 'stock.csv', size: csv.length, contentType: 'text/csv' },
    });
    const put = await fetch(started.upload.url, {
      method: 'PUT',
      headers: started.upload.headers,
      body: csv,
    });
    expect(put.status).toBe(200);
    const source = new URL(started.upload.url);
    const sourceUrl = `${source.origin}${source.pathname}`;
    expect((await fetch(sourceUrl)).status).toBe(200);
    await store.call(closeMyAccount, { body: { password: store.password } });
    // The integration cloud's grace is ACCOUNT_CLOSURE_GRACE_MS (tests/support/local-cloud-setup.ts).
    await new Promise((r) => setTimeout(r, 1_200));
    expect(await sweepNow()).toBe(200);

    expect(await userExists(store.email)).toBe(false);
    expect(await userExists(other.email)).toBe(true);
    expect((await other.call(getMyProfile, {})).profile).not.toBeNull();
    const mails = await poll(
      () => mailTo(contactEmail),
      (m) => m.some((x) => x.subject === 'Your account has been deleted'),
    );
    expect(mails.map((m) => m.subject)).toContain('Your account has been deleted');
    // The import's source file is gone once the worker has handled Account.Deleted.
    expect(
      await poll(
        async () => (await fetch(sourceUrl)).status,
        (status) => status === 404,
      ),
    ).toBe(404);
    // Nothing is left to sweep for this account: a second run changes nothing.
    expect(await sweepNow()).toBe(200);
  });
});
