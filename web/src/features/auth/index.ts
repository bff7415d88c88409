// The sign-in / sign-up screen, for the app's /auth route (which composes it with the signup
// setting). The session the screens sign into is app-wide (lib/session).
export { AuthPage, type AuthPageProps, type SignupAvailability } from './routes/auth-page';
