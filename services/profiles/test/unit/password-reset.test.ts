import { describe, expect, it } from 'vitest';
import { ValidationError } from '@sneakers/shared/errors';
import {
  checkPasswordReset,
  confirmPasswordReset,
  hashToken,
  requestPasswordReset,
  RESET_EMAILS_PER_HOUR,
} from '../../src/password-reset/domain';
import { memoryDeps } from './memory';

const TOKEN = `token-${'1'.padStart(20, '0')}`;

describe('requesting a reset', () => {
  it('emails a single-use link and stores only the token hash', async () => {
    const { deps, sent, resets } = memoryDeps();
    await requestPasswordReset(deps, { email: ' Ana@Example.com ' });
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ to: 'ana@example.com', subject: 'Reset your password' });
    expect(sent[0]?.text).toContain(`https://app.example/auth/reset-password?type=recovery&token=${TOKEN}`);
    expect([...resets.keys()]).toEqual([hashToken(TOKEN)]);
    expect(JSON.stringify([...resets.values()])).not.toContain(TOKEN);
  });

  it('writes in the user’s language when a profile says es', async () => {
    const { deps, sent, profiles } = memoryDeps();
    profiles.set('user-ana', { language: 'es' } as never);
    await requestPasswordReset(deps, { email: 'ana@example.com' });
    expect(sent[0]?.subject).toBe('Restablece tu contraseña');
  });

  it('sends nothing for an unknown address, without telling the caller', async () => {
    const { deps, sent } = memoryDeps();
    await expect(requestPasswordReset(deps, { email: 'nobody@example.com' })).resolves.toBeUndefined();
    expect(sent).toHaveLength(0);
  });

  it('sends at most 5 emails per address in any hour', async () => {
    const { deps, sent, clock } = memoryDeps();
    for (let i = 0; i < 7; i++) {
      await requestPasswordReset(deps, { email: 'ana@example.com' });
      clock.advance(60_000);
    }
    expect(sent).toHaveLength(RESET_EMAILS_PER_HOUR);
    clock.advance(60 * 60_000 - 7 * 60_000); // the first send is now an hour old
    await requestPasswordReset(deps, { email: 'ana@example.com' });
    expect(sent).toHaveLength(RESET_EMAILS_PER_HOUR + 1);
    await requestPasswordReset(deps, { email: 'ana@example.com' });
    expect(sent).toHaveLength(RESET_EMAILS_PER_HOUR + 1); // the second send is 59 minutes old
    clock.advance(60_000);
    await requestPasswordReset(deps, { email: 'ana@example.com' });
    expect(sent).toHaveLength(RESET_EMAILS_PER_HOUR + 2);
  });

  it('still resolves when the email fails', async () => {
    const { deps } = memoryDeps();
    deps.mailer.send = () => Promise.reject(new Error('SES down'));
    await expect(requestPasswordReset(deps, { email: 'ana@example.com' })).resolves.toBeUndefined();
  });
});

describe('using a reset link', () => {
  it('is valid for 24 hours', async () => {
    const { deps, clock } = memoryDeps();
    await requestPasswordReset(deps, { email: 'ana@example.com' });
    expect(await checkPasswordReset(deps, TOKEN)).toEqual({
      email: 'ana@example.com',
      expiresAt: '2026-11-23T10:00:00.000Z',
    });
    clock.advance(24 * 3_600_000 - 1);
    await expect(checkPasswordReset(deps, TOKEN)).resolves.toBeDefined();
    clock.advance(1);
    await expect(checkPasswordReset(deps, TOKEN)).rejects.toMatchObject({
      status: 404,
      code: 'RESET_LINK_INVALID',
      message: 'Invalid or expired link',
    });
    await expect(confirmPasswordReset(deps, TOKEN, { password: 'new-secret' })).rejects.toMatchObject({
      code: 'RESET_LINK_INVALID',
    });
  });

  it('works once', async () => {
    const { deps, passwords } = memoryDeps();
    await requestPasswordReset(deps, { email: 'ana@example.com' });
    await confirmPasswordReset(deps, TOKEN, { password: 'new-secret' });
    expect(passwords.get('ana@example.com')).toBe('new-secret');
    await expect(confirmPasswordReset(deps, TOKEN, { password: 'other-secret' })).rejects.toMatchObject({
      code: 'RESET_LINK_INVALID',
    });
    await expect(checkPasswordReset(deps, TOKEN)).rejects.toMatchObject({ code: 'RESET_LINK_INVALID' });
    expect(passwords.get('ana@example.com')).toBe('new-secret');
  });

  it('stays usable when the pool refuses the password', async () => {
    const { deps, passwords } = memoryDeps();
    await requestPasswordReset(deps, { email: 'ana@example.com' });
    const setPassword = deps.directory.setPassword;
    deps.directory.setPassword = () => Promise.reject(new ValidationError('bad', { password: ['too weak'] }));
    await expect(confirmPasswordReset(deps, TOKEN, { password: 'weak-1' })).rejects.toBeInstanceOf(
      ValidationError,
    );
    deps.directory.setPassword = setPassword;
    await confirmPasswordReset(deps, TOKEN, { password: 'strong-one' });
    expect(passwords.get('ana@example.com')).toBe('strong-one');
  });

  it('rejects unknown tokens', async () => {
    const { deps } = memoryDeps();
    await expect(checkPasswordReset(deps, 'x'.repeat(43))).rejects.toMatchObject({
      code: 'RESET_LINK_INVALID',
    });
  });
});
