import * as z from 'zod/mini';
import { defineContract } from './contract';

/**
 * The site settings, one coming-soon row and one sign-up row (docs/product/landing-and-coming-soon.md#settings,
 * docs/product/accounts.md#sign-up-gate), edited on the admin screen (docs/product/administration.md#site-settings).
 */
export const COMING_SOON_DEFAULTS = {
  title: 'Something Big is Coming',
  subtitle:
    'The B2B sneaker marketplace for stores and resellers is launching soon. Trade inventory, share your lists and close deals faster.',
} as const;

export const SIGNUP_DISABLED_FALLBACK = 'Registration is currently not available.';

const isoDate = z.iso.date();

export const comingSoonSettingsSchema = z.object({
  id: z.string(),
  isEnabled: z.boolean(),
  title: z.string(),
  subtitle: z.string(),
  launchDate: z.nullable(isoDate),
  updatedAt: z.string(),
});
export type ComingSoonSettings = z.infer<typeof comingSoonSettingsSchema>;

const nonEmpty = (v: object) => Object.keys(v).length > 0;

export const comingSoonUpdateSchema = z
  .strictObject({
    isEnabled: z.optional(z.boolean()),
    title: z.optional(z.string().check(z.trim(), z.minLength(1, 'Title is required'), z.maxLength(120))),
    subtitle: z.optional(
      z.string().check(z.trim(), z.minLength(1, 'Subtitle is required'), z.maxLength(400)),
    ),
    launchDate: z.optional(z.nullable(isoDate)),
  })
  .check(z.refine(nonEmpty, { message: 'Nothing to update' }));
export type ComingSoonUpdate = z.infer<typeof comingSoonUpdateSchema>;

export const signupSettingsSchema = z.object({
  id: z.nullable(z.string()),
  isEnabled: z.boolean(),
  subtitle: z.nullable(z.string()),
  updatedAt: z.nullable(z.string()),
});
export type SignupSettings = z.infer<typeof signupSettingsSchema>;

export const signupUpdateSchema = z
  .strictObject({
    isEnabled: z.optional(z.boolean()),
    subtitle: z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(400)))),
  })
  .check(z.refine(nonEmpty, { message: 'Nothing to update' }));
export type SignupUpdate = z.infer<typeof signupUpdateSchema>;

export const getComingSoonSettings = defineContract({
  id: 'settings.getComingSoon',
  method: 'GET',
  path: '/api/settings/coming-soon',
  auth: 'public',
  response: z.object({ settings: z.nullable(comingSoonSettingsSchema) }),
});

export const updateComingSoonSettings = defineContract({
  id: 'settings.updateComingSoon',
  method: 'PUT',
  path: '/api/settings/coming-soon',
  auth: 'user',
  body: comingSoonUpdateSchema,
  response: z.object({ settings: comingSoonSettingsSchema }),
  maxBodyBytes: 4 * 1024,
});

export const getSignupSettings = defineContract({
  id: 'settings.getSignup',
  method: 'GET',
  path: '/api/settings/signup',
  auth: 'public',
  response: z.object({ settings: signupSettingsSchema }),
});

export const updateSignupSettings = defineContract({
  id: 'settings.updateSignup',
  method: 'PUT',
  path: '/api/settings/signup',
  auth: 'user',
  body: signupUpdateSchema,
  response: z.object({ settings: signupSettingsSchema }),
  maxBodyBytes: 4 * 1024,
});

export const settingsContracts = [
  getComingSoonSettings,
  updateComingSoonSettings,
  getSignupSettings,
  updateSignupSettings,
] as const;
