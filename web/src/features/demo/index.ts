export {
  DEMO_PROFILE,
  DEMO_STORAGE_KEY,
  enterDemoMode,
  exitDemoMode,
  isDemoMode,
  useDemoMode,
} from './demo-mode';
