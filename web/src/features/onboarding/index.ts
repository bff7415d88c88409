export {
  OnboardingWizard,
  type AccountOutcome,
  type OnboardingWizardProps,
} from './components/onboarding-wizard';
export { COUNTRIES, DEFAULT_COUNTRY_CODE, countryByCode, type Country } from './model/countries';
export {
  avatarProblem,
  defaultForm,
  fullPhone,
  leaveAccountStep,
  prefillForm,
  splitPhone,
  stepProblem,
  toProfileCreate,
  ONBOARDING_STEPS,
  type OnboardingForm,
  type OnboardingStep,
} from './model/form';
