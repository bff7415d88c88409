export {
  DEMO_PROFILE,
  DEMO_STORAGE_KEY,
  enterDemoMode,
  leaveDemoMode,
  isDemoMode,
  useDemoMode,
} from './demo-mode';
