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

/** Cognito's answer to a sign-up whose email already has an account. */
export function isEmailTaken(error: unknown): boolean {
  return (
    error instanceof Error &&
    (error.name === 'UsernameExistsException' || error.name === 'AliasExistsException')
  );
}

/** Cognito's answer to a password its policy refuses (its message says why). */
export function passwordRefusal(error: unknown): string | null {
  return error instanceof Error && error.name === 'InvalidPasswordException' ? error.message : null;
}
