/** The auth session events (docs/product/accounts.md#auth-session-events), mapped from Amplify's Hub 'auth' channel. */
export const AUTH_EVENTS = [
  'SIGNED_IN',
  'SIGNED_OUT',
  'TOKEN_REFRESHED',
  'USER_UPDATED',
  'PASSWORD_RECOVERY',
  'INITIAL_SESSION',
  'MFA_CHALLENGE_VERIFIED',
] as const;
export type AuthEvent = (typeof AUTH_EVENTS)[number];

/** Amplify Hub 'auth' event name -> session event (events without a match are ignored). */
export function mapHubEvent(event: string): AuthEvent | null {
  switch (event) {
    case 'signedIn':
    case 'signInWithRedirect':
      return 'SIGNED_IN';
    case 'signedOut':
    case 'tokenRefresh_failure':
      return 'SIGNED_OUT';
    case 'tokenRefresh':
      return 'TOKEN_REFRESHED';
    default:
      return null;
  }
}

type Listener = (event: AuthEvent) => void;
const listeners = new Set<Listener>();

export function onAuthEvent(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function emitAuthEvent(event: AuthEvent): void {
  for (const listener of [...listeners]) listener(event);
}
