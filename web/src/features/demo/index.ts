export {
  DEMO_PROFILE,
  DEMO_STORAGE_KEY,
  DEMO_SESSION_STORAGE_KEY,
  enterDemoMode,
  leaveDemoMode,
  isDemoMode,
  useDemoMode,
} from './demo-mode';
export { demoAccessToken } from './demo-session';
export { isDemoRefusal } from './demo-refusal';
