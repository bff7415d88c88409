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
