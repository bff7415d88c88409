import * as z from 'zod/mini';
import { defineContract } from './contract';
import { PASSWORD_MIN_LENGTH } from './profile';

/**
 * Password reset by emailed link (spec sections 4, 8 and 9): the link is
 * `/auth/reset-password?type=recovery&token=…`, valid for 24 hours and once.
 */
export const RESET_LINK_HOURS = 24;
export const RESET_REDIRECT_MS = 2000;

/** Always 202, whether or not the address has an account (no account enumeration). */
export const requestPasswordReset = defineContract({
  id: 'auth.requestPasswordReset',
  method: 'POST',
  path: '/api/auth/password-reset',
  auth: 'public',
  body: z.strictObject({ email: z.email('Please enter your email address') }),
  response: z.object({ sent: z.literal(true) }),
  maxBodyBytes: 1024,
});

/** 404 RESET_LINK_INVALID when the token is unknown, used or expired. */
export const checkPasswordReset = defineContract({
  id: 'auth.checkPasswordReset',
  method: 'GET',
  path: '/api/auth/password-reset/{token}',
  auth: 'public',
  params: z.object({ token: z.string().check(z.minLength(16), z.maxLength(200)) }),
  response: z.object({ email: z.string(), expiresAt: z.string() }),
});

export const confirmPasswordReset = defineContract({
  id: 'auth.confirmPasswordReset',
  method: 'POST',
  path: '/api/auth/password-reset/{token}/confirm',
  auth: 'public',
  params: z.object({ token: z.string().check(z.minLength(16), z.maxLength(200)) }),
  body: z.strictObject({
    password: z
      .string()
      .check(
        z.minLength(PASSWORD_MIN_LENGTH, 'Password must be at least 6 characters long'),
        z.maxLength(256),
      ),
  }),
  response: z.object({ updated: z.literal(true) }),
  maxBodyBytes: 1024,
});

export const authContracts = [requestPasswordReset, checkPasswordReset, confirmPasswordReset] as const;
