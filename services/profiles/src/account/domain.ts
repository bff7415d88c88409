import { requireWriter, type Actor, type UserActor } from '@sneakers/shared/actor';
import { ForbiddenError, UnauthenticatedError } from '@sneakers/shared/errors';
import type { AccountDeps } from './ports';

/**
 * The caller's sign-in: password, email, sessions (docs/product/profile-and-settings.md#account-settings).
 * Cognito acts on the user behind the access token, which during an impersonation is the
 * superuser's own: changing "the user's" password then would change the superuser's, so
 * these are refused while impersonating. Demo users are refused like every write.
 */
export const IMPERSONATING_MESSAGE = 'Only the user can change their own sign-in.';

function accountOwner(actor: Actor): UserActor {
  const user = requireWriter(actor);
  if (user.impersonator) throw new ForbiddenError(IMPERSONATING_MESSAGE, 'IMPERSONATING');
  return user;
}

/** The access token the request was made with (`Authorization: Bearer …`). */
export function bearerToken(headers: Record<string, string>): string {
  const header = Object.entries(headers).find(([name]) => name.toLowerCase() === 'authorization')?.[1];
  const token = /^Bearer\s+(\S+)$/i.exec(header ?? '')?.[1];
  if (!token) throw new UnauthenticatedError();
  return token;
}

export async function changeMyPassword(
  deps: AccountDeps,
  actor: Actor,
  accessToken: string,
  input: { currentPassword: string; newPassword: string },
): Promise<void> {
  accountOwner(actor);
  await deps.directory.changePassword(accessToken, input.currentPassword, input.newPassword);
}

export async function changeMyEmail(
  deps: AccountDeps,
  actor: Actor,
  accessToken: string,
  email: string,
): Promise<{ email: string; verificationRequired: boolean }> {
  accountOwner(actor);
  const { verificationRequired } = await deps.directory.requestEmailChange(accessToken, email);
  return { email, verificationRequired };
}

export async function verifyMyEmail(
  deps: AccountDeps,
  actor: Actor,
  accessToken: string,
  code: string,
): Promise<void> {
  accountOwner(actor);
  await deps.directory.verifyEmail(accessToken, code);
}

export async function signOutEverywhere(deps: AccountDeps, actor: Actor, accessToken: string): Promise<void> {
  accountOwner(actor);
  await deps.directory.signOutEverywhere(accessToken);
}
