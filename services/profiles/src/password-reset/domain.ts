import { createHash } from 'node:crypto';
import { RESET_LINK_HOURS } from '@sneakers/shared/contracts/profiles';
import { NotFoundError } from '@sneakers/shared/errors';
import type { ResetDeps, ResetRecord } from './ports';
import { resetEmail, resetLink } from './reset-email';

/**
 * Password reset by emailed link (docs/product/accounts.md#password-reset). The link carries
 * a random token; only its SHA-256 is stored, so a leaked table does not leak working links.
 * A link lasts 24 hours and works once.
 */
export const RESET_LINK_MS = RESET_LINK_HOURS * 3_600_000;
/** At most this many reset emails per address per rolling hour. */
export const RESET_EMAILS_PER_HOUR = 5;
export const RESET_RATE_WINDOW_MS = 3_600_000;
export const RESET_LINK_INVALID_MESSAGE = 'Invalid or expired link';

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * Always resolves the same way whether or not the address has an account, so the
 * answer cannot be used to find accounts. Extra requests over the rate limit and
 * email failures are logged, not reported.
 */
export async function requestPasswordReset(deps: ResetDeps, input: { email: string }): Promise<void> {
  const email = normaliseEmail(input.email);
  const user = await deps.directory.findByEmail(email);
  if (!user) return;
  const now = deps.clock.now();
  const slot = await deps.limiter.take(
    `profiles.reset#${email}`,
    { limit: RESET_EMAILS_PER_HOUR, windowMs: RESET_RATE_WINDOW_MS },
    now,
  );
  if (!slot) {
    deps.log.warn('Password reset rate limit reached', { userId: user.userId });
    return;
  }
  const token = deps.newToken();
  await deps.resets.create({
    tokenHash: hashToken(token),
    email: user.email,
    username: user.username,
    userId: user.userId,
    createdAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + RESET_LINK_MS).toISOString(),
    usedAt: null,
  });
  const profile = await deps.profiles.get(user.userId);
  const message = resetEmail(user.email, resetLink(deps.appUrl, token), profile?.language ?? 'en');
  try {
    await deps.mailer.send(message);
  } catch (error) {
    // The user can ask again; a failed email must not reveal anything to the caller.
    deps.log.warn('Password reset email failed', { userId: user.userId, error: String(error) });
  }
}

function invalidLink() {
  return new NotFoundError(RESET_LINK_INVALID_MESSAGE, 'RESET_LINK_INVALID');
}

async function usableRecord(deps: Pick<ResetDeps, 'resets' | 'clock'>, token: string): Promise<ResetRecord> {
  const record = await deps.resets.get(hashToken(token));
  if (!record || record.usedAt || Date.parse(record.expiresAt) <= deps.clock.now().getTime())
    throw invalidLink();
  return record;
}

export async function checkPasswordReset(
  deps: Pick<ResetDeps, 'resets' | 'clock'>,
  token: string,
): Promise<{ email: string; expiresAt: string }> {
  const record = await usableRecord(deps, token);
  return { email: record.email, expiresAt: record.expiresAt };
}

/**
 * Claims the link first (a conditional write, so two concurrent uses cannot both
 * succeed), then sets the password; if the pool refuses it, the claim is undone so the
 * same link can be used again with a valid password.
 */
export async function confirmPasswordReset(
  deps: Pick<ResetDeps, 'resets' | 'clock' | 'directory'>,
  token: string,
  input: { password: string },
): Promise<void> {
  const record = await usableRecord(deps, token);
  const now = deps.clock.now().toISOString();
  if (!(await deps.resets.claim(record.tokenHash, now))) throw invalidLink();
  try {
    await deps.directory.setPassword(record.username, input.password);
  } catch (error) {
    await deps.resets.release(record.tokenHash, now);
    throw error;
  }
}
