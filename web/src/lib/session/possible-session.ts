/**
 * Amplify v6 keeps `CognitoIdentityServiceProvider.<clientId>.LastAuthUser` in localStorage
 * while a user is signed in. Checking it synchronously lets a signed-out visitor get the
 * landing page without ever loading aws-amplify.
 */
export const COGNITO_STORAGE_PREFIX = 'CognitoIdentityServiceProvider.';

export function hasPossibleSession(clientId?: string): boolean {
  try {
    const store = window.localStorage;
    if (clientId) return store.getItem(`${COGNITO_STORAGE_PREFIX}${clientId}.LastAuthUser`) !== null;
    for (let i = 0; i < store.length; i++) {
      const key = store.key(i);
      if (key?.startsWith(COGNITO_STORAGE_PREFIX) && key.endsWith('.LastAuthUser')) return true;
    }
  } catch {
    // Storage unavailable: nobody can be signed in across loads.
  }
  return false;
}
