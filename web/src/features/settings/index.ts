export {
  COMING_SOON_QUERY_KEY,
  SETTINGS_REALTIME_KEYS,
  SIGNUP_QUERY_KEY,
  settingsKeys,
  useComingSoonSettings,
  useSignupSettings,
} from './api/queries';
