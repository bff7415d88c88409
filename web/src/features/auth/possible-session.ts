// The light entry for the landing and share pages: no auth store, TanStack Query or Amplify.
export { hasPossibleSession } from './session/possible-session';
