/**
 * The auth hook points. Sign-in (Cognito) is a later issue: until it lands there is never
 * a session, so every call goes out without a token and protected screens send the
 * visitor to /auth.
 */
export interface SessionProfile {
  id: string;
  businessName: string;
  role: 'store' | 'reseller';
  isSuperuser: boolean;
  avatarUrl: string | null;
}

export type Session =
  { status: 'signed-out'; profile: null } | { status: 'signed-in'; profile: SessionProfile };

/** Passed to the API client; returns the access token when signed in. */
export function getToken(): string | undefined {
  return undefined;
}

export function useSession(): Session {
  return { status: 'signed-out', profile: null };
}
