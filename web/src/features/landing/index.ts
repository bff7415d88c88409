// The landing page and its strings, which index.html's entry shows first (app/boot.tsx).
export { LandingPage } from './components/landing-page';
export { landingStrings } from './i18n/strings';
