export { getToken, useSession, type Session, type SessionProfile } from './api/session';
