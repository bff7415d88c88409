/**
 * The user pool as the account settings need it: every call acts on the Cognito user behind
 * the caller's own access token (Cognito's user APIs), never on a user named in a request.
 */
export interface AccountDirectory {
  /** Throws 400 WRONG_PASSWORD when the current one is wrong, a ValidationError at `newPassword` when the pool refuses it. */
  changePassword(accessToken: string, currentPassword: string, newPassword: string): Promise<void>;
  /**
   * Asks for a new sign-in email; true when the pool emailed a code to it and keeps the
   * current address until the code is confirmed. Throws a ConflictError when another
   * account uses the address.
   */
  requestEmailChange(accessToken: string, email: string): Promise<{ verificationRequired: boolean }>;
  /** Throws 400 INVALID_CODE when the code is wrong or expired. */
  verifyEmail(accessToken: string, code: string): Promise<void>;
  /** Revokes every refresh token of the user (GlobalSignOut). */
  signOutEverywhere(accessToken: string): Promise<void>;
}

export interface AccountDeps {
  directory: AccountDirectory;
}
