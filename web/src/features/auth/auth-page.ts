// The sign-in / sign-up screen, for the app's /auth route (which composes it with the signup setting).
export { AuthPage, type AuthPageProps, type SignupAvailability } from './routes/auth-page';
