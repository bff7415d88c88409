import { describe, expect, it } from 'vitest';
import {
  checkPasswordReset,
  confirmPasswordReset,
  requestPasswordReset,
} from '@sneakers/shared/contracts/profiles';
import { createMyProfile } from '@sneakers/shared/contracts/profiles';
import { api, cloud, mailTo, newUser, raw, rejection, signIn } from '../../../../tests/support/cloud-client';
import { send } from './support';

function tokenFrom(text: string | undefined): string {
  const match = /\/auth\/reset-password\?type=recovery&token=([\w-]+)/.exec(text ?? '');
  if (!match?.[1]) throw new Error(`No reset link in ${text}`);
  return match[1];
}

describe('password reset through the local gateway', () => {
  it('emails a link that sets a new password once', async () => {
    const { email, password } = await newUser();
    const res = await send(undefined, 'POST', '/api/auth/password-reset', { email });
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ sent: true });

    const mails = await mailTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ from: 'no-reply@sneakers.local', subject: 'Reset your password' });
    expect(mails[0]?.body.text).toContain(`${cloud().appUrl}/auth/reset-password?type=recovery&token=`);
    const token = tokenFrom(mails[0]?.body.text);

    const check = await api().call(checkPasswordReset, { params: { token } });
    expect(check.email).toBe(email);
    const hoursLeft = (Date.parse(check.expiresAt) - Date.now()) / 3_600_000;
    expect(hoursLeft).toBeGreaterThan(23.9);
    expect(hoursLeft).toBeLessThanOrEqual(24);

    const weak = await rejection(
      api().call(confirmPasswordReset, { params: { token }, body: { password: '123' } }),
    );
    expect(weak.fields).toEqual({ password: ['Password must be at least 6 characters long'] });

    expect(
      await api().call(confirmPasswordReset, { params: { token }, body: { password: 'brand-new-pass' } }),
    ).toEqual({ updated: true });
    await expect(signIn(email, 'brand-new-pass')).resolves.toEqual(expect.any(String));
    await expect(signIn(email, password)).rejects.toThrow();

    const again = await rejection(
      api().call(confirmPasswordReset, { params: { token }, body: { password: 'another-pass' } }),
    );
    expect(again).toMatchObject({
      status: 404,
      code: 'RESET_LINK_INVALID',
      message: 'Invalid or expired link',
    });
    expect((await rejection(api().call(checkPasswordReset, { params: { token } }))).code).toBe(
      'RESET_LINK_INVALID',
    );
    await expect(signIn(email, 'another-pass')).rejects.toThrow();
  });

  it('lets exactly one of two concurrent confirmations through', async () => {
    const { email } = await newUser();
    await api().call(requestPasswordReset, { body: { email } });
    const token = tokenFrom((await mailTo(email))[0]?.body.text);
    const results = await Promise.allSettled(
      ['first-pass', 'second-pass'].map((password) =>
        api().call(confirmPasswordReset, { params: { token }, body: { password } }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
  });

  it('writes in Spanish to a user whose profile says es', async () => {
    const { email, token } = await newUser();
    await api(token).call(createMyProfile, {
      body: {
        role: 'store',
        businessName: 'Zapas',
        contactEmail: email,
        phone: '+34 600000001',
        location: 'Sevilla',
        preferredContact: 'email',
        currency: 'EUR',
        language: 'es',
        publicWtbList: true,
        publicWtsList: false,
      },
    });
    await api().call(requestPasswordReset, { body: { email: email.toUpperCase() } });
    const mails = await mailTo(email);
    expect(mails[0]?.subject).toBe('Restablece tu contraseña');
  });

  it('answers 202 for an unknown address and sends nothing', async () => {
    const email = `nobody-${Date.now()}@example.com`;
    expect(await api().call(requestPasswordReset, { body: { email } })).toEqual({ sent: true });
    expect(await mailTo(email)).toHaveLength(0);
  });

  it('sends at most 5 emails per address per hour, still answering 202', async () => {
    const { email } = await newUser();
    for (let i = 0; i < 7; i++) {
      expect(await api().call(requestPasswordReset, { body: { email } })).toEqual({ sent: true });
    }
    expect(await mailTo(email)).toHaveLength(5);
  });

  it('refuses unknown links and bad input', async () => {
    const unknown = await rejection(api().call(checkPasswordReset, { params: { token: 'x'.repeat(43) } }));
    expect(unknown).toMatchObject({ status: 404, code: 'RESET_LINK_INVALID' });
    const short = await raw('/api/auth/password-reset/short');
    expect(short.status).toBe(400);
    const bad = await send(undefined, 'POST', '/api/auth/password-reset', { email: 'not-an-email' });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { fields: Record<string, string[]> } }).error.fields).toEqual({
      email: ['Please enter your email address'],
    });
  });
});
