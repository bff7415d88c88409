import { useQuery } from '@tanstack/react-query';
import {
  getComingSoonSettings,
  getSignupSettings,
  REALTIME_QUERY_KEYS,
  type RealtimeQueryKey,
} from '@sneakers/shared';
import { useApi } from './api';

/**
 * Query keys of the site settings (the coming-soon and sign-up switches): the admin screen
 * writes them, the app shell reads them. The first element is the key the realtime
 * `invalidate` frames name, so an admin's change refetches them without a reload.
 */
export const COMING_SOON_QUERY_KEY = REALTIME_QUERY_KEYS.comingSoon;
export const SIGNUP_QUERY_KEY = REALTIME_QUERY_KEYS.signup;

export const settingsKeys = {
  comingSoon: [COMING_SOON_QUERY_KEY] as const,
  signup: [SIGNUP_QUERY_KEY] as const,
};

/** Refetched after a realtime reconnect (frames may have been missed meanwhile). */
export const SETTINGS_REALTIME_KEYS: readonly RealtimeQueryKey[] = [COMING_SOON_QUERY_KEY, SIGNUP_QUERY_KEY];

/** `settings` is null when no admin has saved coming-soon settings yet. */
export function useComingSoonSettings() {
  const api = useApi();
  return useQuery({
    queryKey: settingsKeys.comingSoon,
    queryFn: async ({ signal }) => (await api(getComingSoonSettings, { signal })).settings,
  });
}

/** Sign-up is available when `isEnabled` is true (the server answers enabled when no row exists). */
export function useSignupSettings() {
  const api = useApi();
  return useQuery({
    queryKey: settingsKeys.signup,
    queryFn: async ({ signal }) => (await api(getSignupSettings, { signal })).settings,
  });
}
