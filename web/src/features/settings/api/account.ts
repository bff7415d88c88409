import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  changeMyEmail,
  closeMyAccount,
  getDataSummary,
  changeMyPassword,
  signOutEverywhere,
  updateMyProfile,
  verifyMyEmail,
  type ProfileUpdate,
  type UserProfile,
} from '@sneakers/shared';
import { useApi } from '../../../lib/api';
import { emitAuthEvent } from '../../../lib/session/auth-events';
import { profileKeys } from '../../../lib/session/profile-query';

/** Saves part of the caller's profile (email preferences, currency); the session's copy follows. */
export function useUpdateProfile(userId: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProfileUpdate) => api(updateMyProfile, { body }),
    onSuccess: ({ profile }) => {
      queryClient.setQueryData<{ profile: UserProfile | null; failed: boolean }>(profileKeys.mine(userId), {
        profile,
        failed: false,
      });
      emitAuthEvent('USER_UPDATED');
    },
  });
}

export function useChangePassword() {
  const api = useApi();
  return useMutation({
    mutationFn: (body: { currentPassword: string; newPassword: string }) => api(changeMyPassword, { body }),
  });
}

export function useChangeEmail() {
  const api = useApi();
  return useMutation({ mutationFn: (email: string) => api(changeMyEmail, { body: { email } }) });
}

export function useVerifyEmail() {
  const api = useApi();
  return useMutation({ mutationFn: (code: string) => api(verifyMyEmail, { body: { code } }) });
}

export function useSignOutEverywhere() {
  const api = useApi();
  return useMutation({ mutationFn: () => api(signOutEverywhere, {}) });
}

/** What closing the account deletes: the caller's records per kind (the migration domain counts them). */
export function useDataSummary(enabled: boolean) {
  const api = useApi();
  return useQuery({
    queryKey: ['migration.summary'],
    queryFn: async ({ signal }) => (await api(getDataSummary, { signal })).counts,
    enabled,
  });
}

export function useCloseAccount() {
  const api = useApi();
  return useMutation({
    mutationFn: (password: string) => api(closeMyAccount, { body: { password } }),
  });
}
