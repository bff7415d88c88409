const GENERIC_ERRORS = new Set(['Error', 'TypeError', 'ReferenceError', 'SyntaxError', 'RangeError']);

/**
 * The message of an error raised by the identity provider or the API (Amplify's AuthError
 * names its Cognito exception, ApiError carries the server's message), or null for an
 * unexpected failure (a bug, a chunk that failed to load...).
 */
export function providerMessage(error: unknown): string | null {
  if (!(error instanceof Error) || !error.message) return null;
  if (GENERIC_ERRORS.has(error.name)) return null;
  return error.message;
}

/**
 * Cognito wraps a PreSignUp rejection: "PreSignUp failed with error <message>." (cognito-local
 * names the function instead: "settings failed with error <message>.").
 */
export function preSignUpMessage(error: unknown): string | null {
  if (!(error instanceof Error)) return null;
  if (error.name !== 'UserLambdaValidationException') return null;
  const match = /failed with error (.*?)\.?$/s.exec(error.message);
  return (match?.[1] ?? error.message).trim();
}
