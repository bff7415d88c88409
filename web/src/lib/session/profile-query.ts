import { useQuery } from '@tanstack/react-query';
import { toast } from 'sonner';
import { getMyProfile, userProfileSchema, type UserProfile } from '@sneakers/shared';
import { ApiError } from '@sneakers/shared/api-client';
import { i18n } from '../../i18n';
import { useApi } from '../api';
import { storage } from '../storage';

export const PROFILE_QUERY_KEY = 'profile.mine';
export const profileKeys = {
  mine: (userId: string | null) => [PROFILE_QUERY_KEY, userId] as const,
};

interface ProfileResult {
  profile: UserProfile | null;
  failed: boolean;
}

/**
 * The last profile read on this device (localStorage, one user at a time): with no network the
 * dashboard opens on it, so store mode keeps selling after an offline reload
 * (docs/product/store-mode.md#offline). Sign-out forgets it.
 */
const LAST_PROFILE_KEY = 'last_profile';

function lastProfile(userId: string | null): UserProfile | null {
  try {
    const parsed = userProfileSchema.safeParse(JSON.parse(storage.get(LAST_PROFILE_KEY) ?? 'null'));
    return parsed.success && parsed.data.userId === userId ? parsed.data : null;
  } catch {
    return null;
  }
}

export function forgetLastProfile(): void {
  storage.remove(LAST_PROFILE_KEY);
}

/** True when the request never got an answer (offline), not when the server refused it. */
const unanswered = (error: unknown) => !(error instanceof ApiError) || error.status === 0;

/**
 * The signed-in user's profile; a failed read logs, toasts 'Failed to load profile' and gives
 * null, unless it failed for want of a network and this device keeps the user's last profile.
 */
export function useMyProfileQuery(userId: string | null) {
  const api = useApi();
  return useQuery({
    queryKey: profileKeys.mine(userId),
    enabled: userId !== null,
    retry: false,
    queryFn: async ({ signal }): Promise<ProfileResult> => {
      try {
        const { profile } = await api(getMyProfile, { signal });
        storage.set(LAST_PROFILE_KEY, JSON.stringify(profile));
        return { profile, failed: false };
      } catch (error) {
        if ((error as Error).name === 'AbortError') throw error;
        const kept = unanswered(error) ? lastProfile(userId) : null;
        if (kept) return { profile: kept, failed: false };
        console.error('Error fetching profile', error);
        toast.error(i18n.t('profile.toast.fetchFailed'));
        return { profile: null, failed: true };
      }
    },
  });
}
