import type { QueryClient } from '@tanstack/react-query';
import { updateMyProfile, type UserProfile } from '@sneakers/shared';
import { emitAuthEvent } from '../lib/session/auth-events';
import { getAuthState } from '../lib/session/auth-store';
import { profileKeys } from '../lib/session/profile-query';
import { isDemoMode } from '../lib/demo/demo-mode';
import type { Language } from '../i18n';
import type { AppRuntime } from '../lib/api';
import { onLanguageChosen } from '../lib/language-choice';

/**
 * Saves the language the signed-in user picks to their profile, so emails and new
 * notifications come in it too. Silent: demo mode refuses writes (nothing is sent), a user
 * without a profile yet (onboarding) has nowhere to save it, and a failed save only means
 * emails stay in the old language; the UI has switched either way.
 */
export async function saveLanguageChoice(
  runtime: Pick<AppRuntime, 'api'>,
  queryClient: QueryClient,
  language: Language,
): Promise<void> {
  const auth = getAuthState();
  if (isDemoMode() || auth.status !== 'signed-in') return;
  const key = profileKeys.mine(auth.userId);
  const cached = queryClient.getQueryData<{ profile: UserProfile | null; failed: boolean }>(key);
  if (!cached?.profile || cached.profile.language === language) return;
  try {
    const { profile } = await runtime.api(updateMyProfile, { body: { language } });
    queryClient.setQueryData(key, { profile, failed: false });
    emitAuthEvent('USER_UPDATED');
  } catch (error) {
    console.error('Could not save the language to the profile', error);
  }
}

/** Starts saving the user's language choices; returns the unsubscribe. */
export function saveLanguageChoices(runtime: Pick<AppRuntime, 'api'>, queryClient: QueryClient): () => void {
  return onLanguageChosen((language) => void saveLanguageChoice(runtime, queryClient, language));
}
