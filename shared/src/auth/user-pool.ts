/**
 * The Cognito user pool, described once for the auth stack and the local cloud.
 * Custom attributes carry what sign-up knows before a profile row exists; the profile
 * itself lives in the table (docs/product/profile-and-settings.md#profile-record).
 */
export const USER_POOL = {
  passwordMinLength: 6,
  customAttributes: {
    role: { maxLength: 16 },
    business_name: { maxLength: 256 },
    language: { maxLength: 8 },
    currency: { maxLength: 8 },
  },
  groups: {
    superusers: 'Superusers: may change site settings and impersonate users',
    demo: 'The read-only Try Demo identity: acts as the demo store and cannot write',
  },
  /**
   * Amplify uses SRP in AWS; cognito-local only speaks USER_PASSWORD_AUTH. The profiles
   * service signs the Try Demo user in server-side (ADMIN_USER_PASSWORD_AUTH).
   */
  clientAuthFlows: [
    'USER_PASSWORD_AUTH',
    'USER_SRP_AUTH',
    'REFRESH_TOKEN_AUTH',
    'ADMIN_USER_PASSWORD_AUTH',
  ] as const,
  tokenValidityMinutes: { access: 60, id: 60 },
  refreshTokenValidityDays: 30,
} as const;

export type CustomAttribute = keyof typeof USER_POOL.customAttributes;
