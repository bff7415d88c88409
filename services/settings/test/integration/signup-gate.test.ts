import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { updateSignupSettings } from '@sneakers/shared/contracts/settings';
import { api, cloud, signIn, signUp } from '../../../../tests/support/cloud-client';

describe('sign-up gate (Cognito PreSignUp trigger)', () => {
  it('auto-confirms sign-ups while open and rejects them with the settings message when closed', async () => {
    const email = `signup-${randomUUID()}@example.com`;
    expect(await signUp(email, 'secret-123')).toEqual({ userConfirmed: true });
    await expect(signIn(email, 'secret-123')).resolves.toEqual(expect.any(String));

    const admin = api(await signIn(cloud().admin.email, cloud().admin.password));
    try {
      await admin.call(updateSignupSettings, {
        body: { isEnabled: false, subtitle: 'Opening again in March.' },
      });
      const closed = `signup-${randomUUID()}@example.com`;
      const error = (await signUp(closed, 'secret-123').catch((e: unknown) => e)) as Error;
      expect(error.name).toBe('UserLambdaValidationException');
      expect(error.message).toContain('Opening again in March.');
      await expect(signIn(closed, 'secret-123')).rejects.toThrow();

      await admin.call(updateSignupSettings, { body: { subtitle: null } });
      const fallback = (await signUp(closed, 'secret-123').catch((e: unknown) => e)) as Error;
      expect(fallback.message).toContain('Registration is currently not available.');
    } finally {
      await admin.call(updateSignupSettings, { body: { isEnabled: true } });
    }
    expect(await signUp(`signup-${randomUUID()}@example.com`, 'secret-123')).toEqual({ userConfirmed: true });
  });
});
