import * as z from 'zod/mini';
import { defineEvent } from './define-event';

/**
 * A profile was created at the end of onboarding (docs/product/accounts.md#completion): the
 * welcome email goes out from it (docs/product/notifications-and-emails.md#welcome-email).
 * It carries what the email needs, so the consumer reads nothing else. The event id is
 * derived from the user id, so a user is welcomed once whatever the retries.
 */
export const profileCreated = defineEvent({
  detailType: 'Profile.Created',
  version: 1,
  domain: 'profiles',
  data: z.object({
    userId: z.string(),
    role: z.enum(['store', 'reseller']),
    businessName: z.string(),
    contactEmail: z.string(),
    language: z.enum(['en', 'es']),
    /** When the 14-day trial ends (ISO 8601). */
    trialEndsAt: z.string(),
  }),
});

/**
 * The user asked to close their account (docs/product/accounts.md#closing-the-account): billing
 * cancels the subscription, the notifications domain sends the confirmation with the deletion
 * date. It carries the address and language, so the email never depends on the profile.
 */
export const accountClosureRequested = defineEvent({
  detailType: 'Account.ClosureRequested',
  version: 1,
  domain: 'profiles',
  data: z.object({
    userId: z.string(),
    contactEmail: z.string(),
    language: z.enum(['en', 'es']),
    businessName: z.string(),
    /** When the deletion sweep deletes the account (ISO 8601). */
    deleteAfter: z.string(),
  }),
});

/**
 * The account is deleted (docs/product/accounts.md#closing-the-account): the final email goes
 * to the address it had, read from the event because the profile is gone; the migration
 * domain removes its own imports and exports.
 */
export const accountDeleted = defineEvent({
  detailType: 'Account.Deleted',
  version: 1,
  domain: 'profiles',
  data: z.object({
    userId: z.string(),
    contactEmail: z.string(),
    language: z.enum(['en', 'es']),
    businessName: z.string(),
  }),
});
