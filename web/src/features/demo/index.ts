export {
  DEMO_PROFILE,
  DEMO_STORAGE_KEY,
  enterDemoMode,
  exitDemoMode,
  leaveDemoMode,
  isDemoMode,
  useDemoMode,
} from './demo-mode';
