import { useQuery } from '@tanstack/react-query';
import { toast } from 'sonner';
import { getMyProfile, type UserProfile } from '@sneakers/shared';
import { i18n } from '../../i18n';
import { useApi } from '../api';

export const PROFILE_QUERY_KEY = 'profile.mine';
export const profileKeys = {
  mine: (userId: string | null) => [PROFILE_QUERY_KEY, userId] as const,
};

interface ProfileResult {
  profile: UserProfile | null;
  failed: boolean;
}

/** The signed-in user's profile; a failed read logs, toasts 'Failed to load profile' and gives null. */
export function useMyProfileQuery(userId: string | null) {
  const api = useApi();
  return useQuery({
    queryKey: profileKeys.mine(userId),
    enabled: userId !== null,
    retry: false,
    queryFn: async ({ signal }): Promise<ProfileResult> => {
      try {
        return { profile: (await api(getMyProfile, { signal })).profile, failed: false };
      } catch (error) {
        if ((error as Error).name === 'AbortError') throw error;
        console.error('Error fetching profile', error);
        toast.error(i18n.t('profile.toast.fetchFailed'));
        return { profile: null, failed: true };
      }
    },
  });
}
