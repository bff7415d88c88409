import * as z from 'zod/mini';
import { CURRENCIES } from '../money';
import { defineContract } from './contract';
import { email, requiredText, text } from './fields';

import {
  EMAIL_KINDS,
  LANGUAGES,
  ROLES,
  SUBSCRIPTION_PLANS,
  SUBSCRIPTION_STATUSES,
  type Role,
} from './profile-values';

/** Roles, languages, subscription statuses and plans of the profile (docs/product/profile-and-settings.md#profile-record). */
export * from './profile-values';
/** 'consignor' is accepted on input as a synonym of 'reseller' (docs/product/feature-flags-and-access.md#roles). */
export const roleInputSchema = z.pipe(
  z.enum(['store', 'reseller', 'consignor']),
  z.transform((role): Role => (role === 'consignor' ? 'reseller' : role)),
);

export const PREFERRED_CONTACTS = ['email', 'phone', 'instagram', 'whatsapp'] as const;

export const TRIAL_DAYS = 14;
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
export const PASSWORD_MIN_LENGTH = 6;
/** Monthly price in cents, EUR (docs/product/constants.md#accounts-and-plans). */
export const PLAN_PRICES: Record<Role, { amount: number; currency: 'EUR' }> = {
  store: { amount: 4999, currency: 'EUR' },
  reseller: { amount: 499, currency: 'EUR' },
};

const optionalText = (max: number) => z.optional(z.nullable(text(max)));

export const userProfileSchema = z.object({
  id: z.string(),
  userId: z.string(),
  role: z.enum(ROLES),
  businessName: z.string(),
  contactEmail: z.string(),
  phone: z.string(),
  preferredContact: z.enum(PREFERRED_CONTACTS),
  instagramHandle: z.nullable(z.string()),
  discord: z.nullable(z.string()),
  location: z.string(),
  avatarUrl: z.nullable(z.string()),
  currency: z.enum(CURRENCIES),
  language: z.enum(LANGUAGES),
  onboardingCompleted: z.boolean(),
  subscriptionStatus: z.enum(SUBSCRIPTION_STATUSES),
  subscriptionPlan: z.enum(SUBSCRIPTION_PLANS),
  isSuperuser: z.boolean(),
  trialEndsAt: z.string(),
  /** The first failed payment of a past-due spell; null otherwise (docs/product/billing.md). */
  pastDueSince: z.nullable(z.string()),
  /** Whole days until trialEndsAt, never below 0. */
  trialDaysLeft: z.int(),
  publicInventory: z.boolean(),
  profileVisibleInDeals: z.boolean(),
  publicWtbList: z.boolean(),
  publicWtsList: z.boolean(),
  publicWtcList: z.boolean(),
  emailNotifications: z.boolean(),
  /** The kinds of email turned off one by one (none for a new profile). */
  mutedEmails: z.array(z.enum(EMAIL_KINDS)),
  pushNotifications: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type UserProfile = z.infer<typeof userProfileSchema>;

/** What onboarding collects (docs/product/accounts.md#onboarding-wizard, its rules in docs/product/accounts.md#validation). */
export const profileCreateSchema = z.strictObject({
  role: roleInputSchema,
  businessName: requiredText(120, 'Name is required'),
  contactEmail: z.email('Enter a valid email address'),
  phone: requiredText(40, 'Phone is required'),
  location: requiredText(120, 'Location is required'),
  instagramHandle: optionalText(60),
  discord: optionalText(60),
  preferredContact: z.enum(PREFERRED_CONTACTS),
  currency: z.enum(CURRENCIES),
  language: z.enum(LANGUAGES),
  publicWtbList: z.boolean(),
  publicWtsList: z.boolean(),
});
export type ProfileCreate = z.input<typeof profileCreateSchema>;

export const profileUpdateSchema = z
  .strictObject({
    businessName: z.optional(requiredText(120, 'Name is required')),
    contactEmail: z.optional(z.email('Enter a valid email address')),
    phone: z.optional(requiredText(40, 'Phone is required')),
    location: z.optional(requiredText(120, 'Location is required')),
    instagramHandle: optionalText(60),
    discord: optionalText(60),
    preferredContact: z.optional(z.enum(PREFERRED_CONTACTS)),
    currency: z.optional(z.enum(CURRENCIES)),
    language: z.optional(z.enum(LANGUAGES)),
    publicWtbList: z.optional(z.boolean()),
    publicWtsList: z.optional(z.boolean()),
    publicWtcList: z.optional(z.boolean()),
    publicInventory: z.optional(z.boolean()),
    profileVisibleInDeals: z.optional(z.boolean()),
    emailNotifications: z.optional(z.boolean()),
    mutedEmails: z.optional(z.array(z.enum(EMAIL_KINDS)).check(z.maxLength(EMAIL_KINDS.length))),
    pushNotifications: z.optional(z.boolean()),
  })
  .check(z.refine((v) => Object.keys(v).length > 0, { message: 'Nothing to update' }));
export type ProfileUpdate = z.input<typeof profileUpdateSchema>;

const profileResponse = z.object({ profile: userProfileSchema });

/** The signed-in user's own profile; `null` until onboarding has created it. */
export const getMyProfile = defineContract({
  id: 'profiles.getMine',
  method: 'GET',
  path: '/api/profile',
  auth: 'user',
  response: z.object({ profile: z.nullable(userProfileSchema) }),
});

/** Creates the profile once; a retry returns the profile already created (200). */
export const createMyProfile = defineContract({
  id: 'profiles.create',
  method: 'POST',
  path: '/api/profile',
  auth: 'user',
  body: profileCreateSchema,
  response: profileResponse,
  maxBodyBytes: 8 * 1024,
});

export const updateMyProfile = defineContract({
  id: 'profiles.update',
  method: 'PATCH',
  path: '/api/profile',
  auth: 'user',
  body: profileUpdateSchema,
  response: profileResponse,
  maxBodyBytes: 8 * 1024,
  // The account itself stays the owner's while read-only (language, email preferences, contact details): docs/adr/0021.
  subscriptionExempt: true,
});

export const AVATAR_CONTENT_TYPES = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/gif',
  'image/avif',
] as const;

/** A presigned PUT for `avatars/{userId}/{timestamp}.{ext}` (docs/product/profile-and-settings.md#avatar-upload). */
export const createAvatarUpload = defineContract({
  id: 'profiles.createAvatarUpload',
  method: 'POST',
  path: '/api/profile/avatar-upload',
  auth: 'user',
  body: z.strictObject({
    contentType: z.enum(AVATAR_CONTENT_TYPES, 'Please select an image file'),
    size: z.int().check(z.minimum(1), z.maximum(AVATAR_MAX_BYTES, 'Please select an image smaller than 5MB')),
  }),
  response: z.object({
    key: z.string(),
    uploadUrl: z.string(),
    headers: z.record(z.string(), z.string()),
    expiresInSeconds: z.int(),
  }),
  maxBodyBytes: 1024,
  // Part of the account's own profile, editable while read-only (docs/adr/0021).
  subscriptionExempt: true,
});

/** Points the profile at an uploaded avatar; the key must be one of the caller's. */
export const setMyAvatar = defineContract({
  id: 'profiles.setAvatar',
  method: 'PUT',
  path: '/api/profile/avatar',
  auth: 'user',
  body: z.strictObject({ key: z.string().check(z.minLength(1), z.maxLength(300)) }),
  response: profileResponse,
  maxBodyBytes: 1024,
  // Part of the account's own profile, editable while read-only (docs/adr/0021).
  subscriptionExempt: true,
});

/** The demo store's profile (docs/product/demo-mode.md#demo-data), readable without signing in. */
export const getDemoProfile = defineContract({
  id: 'profiles.getDemo',
  method: 'GET',
  path: '/api/demo/profile',
  auth: 'public',
  response: profileResponse,
});

/**
 * Try Demo: a real, read-only session as the demo store (a Cognito user in the demo group,
 * see shared/src/actor.ts). The SPA sends the access token like any other; every write
 * with it answers 403 DEMO_MODE. No refresh token: the SPA asks again when it expires.
 */
export const startDemoSession = defineContract({
  id: 'profiles.startDemoSession',
  method: 'POST',
  path: '/api/demo/session',
  auth: 'public',
  response: z.strictObject({
    accessToken: z.string(),
    /** When the token stops being accepted (ISO 8601). */
    expiresAt: z.string(),
  }),
  maxBodyBytes: 1024,
});

export const profileContracts = [
  getMyProfile,
  createMyProfile,
  updateMyProfile,
  createAvatarUpload,
  setMyAvatar,
  getDemoProfile,
  startDemoSession,
] as const;

// ---------------------------------------------------------------- password reset

/**
 * Password reset by emailed link (docs/product/accounts.md#password-reset): the link is
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

// ---------------------------------------------------------------- account security

/**
 * The signed-in user's own sign-in (docs/product/profile-and-settings.md#account-settings): each
 * acts on the Cognito user behind the caller's access token, so none is possible while a
 * superuser impersonates (403 IMPERSONATING), and the demo identity is refused (403 DEMO_MODE).
 */
const password = (message: string) =>
  z.string().check(z.minLength(PASSWORD_MIN_LENGTH, message), z.maxLength(256));

export const changeMyPassword = defineContract({
  id: 'account.changePassword',
  method: 'POST',
  path: '/api/account/password',
  auth: 'user',
  body: z.strictObject({
    currentPassword: z.string().check(z.minLength(1, 'Enter your current password.'), z.maxLength(256)),
    newPassword: password('Password must be at least 6 characters long'),
  }),
  response: z.object({ changed: z.literal(true) }),
  maxBodyBytes: 1024,
  // Securing the account is never refused for an unpaid plan (docs/adr/0021).
  subscriptionExempt: true,
});

/**
 * Asks for a new sign-in email. The user pool keeps the current one until the new one is
 * verified with the code Cognito emails to it (`verificationRequired`); a pool that does
 * not ask for verification changes it at once.
 */
export const changeMyEmail = defineContract({
  id: 'account.changeEmail',
  method: 'POST',
  path: '/api/account/email',
  auth: 'user',
  body: z.strictObject({ email: email('Enter a valid email address.') }),
  response: z.object({ email: z.string(), verificationRequired: z.boolean() }),
  maxBodyBytes: 1024,
  // Securing the account is never refused for an unpaid plan (docs/adr/0021).
  subscriptionExempt: true,
});

/** Confirms the new sign-in email with the code Cognito sent to it. */
export const verifyMyEmail = defineContract({
  id: 'account.verifyEmail',
  method: 'POST',
  path: '/api/account/email/verify',
  auth: 'user',
  body: z.strictObject({
    code: z.string().check(z.trim(), z.regex(/^\d{4,10}$/, 'Enter the code from the email.')),
  }),
  response: z.object({ verified: z.literal(true) }),
  maxBodyBytes: 1024,
  // Securing the account is never refused for an unpaid plan (docs/adr/0021).
  subscriptionExempt: true,
});

/**
 * Signs the user out on every device (Cognito GlobalSignOut): every refresh token stops
 * working, so other browsers are signed out when their current access token expires.
 */
export const signOutEverywhere = defineContract({
  id: 'account.signOutEverywhere',
  method: 'POST',
  path: '/api/account/sign-out-everywhere',
  auth: 'user',
  response: z.object({ signedOut: z.literal(true) }),
  maxBodyBytes: 1024,
  // Securing the account is never refused for an unpaid plan (docs/adr/0021).
  subscriptionExempt: true,
});

export const accountContracts = [changeMyPassword, changeMyEmail, verifyMyEmail, signOutEverywhere] as const;

// ---------------------------------------------------------------- closing the account

/**
 * Days between asking to close an account and its deletion (docs/product/accounts.md#closing-the-account).
 * Signing in within them shows the closure with a button that cancels it. The local cloud and
 * the tests shorten it with ACCOUNT_CLOSURE_GRACE_MS.
 */
export const ACCOUNT_CLOSURE_GRACE_DAYS = 30;

export const accountClosureSchema = z.object({
  requestedAt: z.string(),
  /** When the deletion sweep deletes the account (requestedAt + the grace period). */
  deleteAfter: z.string(),
});
export type AccountClosure = z.infer<typeof accountClosureSchema>;

/** The caller's pending closure, or null. */
export const getAccountClosure = defineContract({
  id: 'account.closure.get',
  method: 'GET',
  path: '/api/account/closure',
  auth: 'user',
  response: z.object({ closure: z.nullable(accountClosureSchema) }),
  subscriptionExempt: true,
});

/**
 * Closes the account: the password is asked again (400 WRONG_PASSWORD). At once the account
 * is frozen (every session signed out, public lists and the storefront offline) and its
 * billing subscription cancelled; it is deleted after the grace period unless cancelled.
 * 403 IMPERSONATING, 403 DEMO_MODE, 409 CLOSURE_PENDING.
 */
export const closeMyAccount = defineContract({
  id: 'account.closure.request',
  method: 'POST',
  path: '/api/account/closure',
  auth: 'user',
  body: z.strictObject({
    password: z.string().check(z.minLength(1, 'Enter your password.'), z.maxLength(256)),
  }),
  response: z.object({ closure: accountClosureSchema }),
  maxBodyBytes: 1024,
  subscriptionExempt: true,
});

/** Cancels a pending closure (the user signed in within the grace period). 409 NO_CLOSURE. */
export const cancelAccountClosure = defineContract({
  id: 'account.closure.cancel',
  method: 'DELETE',
  path: '/api/account/closure',
  auth: 'user',
  response: z.object({ closure: z.null() }),
  subscriptionExempt: true,
});

export const accountClosureContracts = [getAccountClosure, closeMyAccount, cancelAccountClosure] as const;
