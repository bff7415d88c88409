export { hasPossibleSession } from './session/possible-session';
export {
  getToken,
  initAuth,
  signIn,
  signUp,
  signOut,
  loadAuthModule,
  useAuthState,
  getAuthState,
  setAuthStateForTests,
  SignInIncompleteError,
  type AuthState,
} from './session/store';
export { AUTH_EVENTS, emitAuthEvent, onAuthEvent, mapHubEvent, type AuthEvent } from './session/auth-events';
export {
  PROFILE_QUERY_KEY,
  profileKeys,
  useMyProfileQuery,
  useSession,
  useSignOut,
  type Session,
} from './api/session';
