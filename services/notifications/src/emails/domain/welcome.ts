import type { profileCreated } from '@sneakers/events';
import { TRIAL_DAYS } from '@sneakers/shared/contracts/profiles';
import { appLink, languageOf, welcomeEmail } from '../index';
import { sendKey, sendOnce } from './delivery';
import type { DetailOf, EmailsDeps } from '../ports';

/**
 * Profile.Created → the welcome email, in the language chosen at sign-up, to the profile's
 * contact email (docs/product/notifications-and-emails.md#welcome-email). Once per user: the
 * event id is the user's, and the send is claimed under it. It is an account email, sent
 * whatever the email preferences (a new account has them all on anyway). Usage tracking off.
 */
export async function onProfileCreated(
  deps: EmailsDeps,
  event: DetailOf<typeof profileCreated>,
): Promise<void> {
  const { data } = event;
  const to = data.contactEmail.trim();
  if (!to) return;
  await sendOnce(
    deps,
    sendKey(event.eventId, 'welcome', data.userId),
    welcomeEmail(
      {
        to,
        language: languageOf(data.language),
        name: data.businessName,
        trialEndsAt: data.trialEndsAt,
        trialDays: TRIAL_DAYS,
      },
      (path) => appLink(deps.appUrl, path),
    ),
    false,
  );
}
