export {
  FEATURES_QUERY_KEY,
  FEATURES_REALTIME_KEYS,
  featureAccessOptions,
  useFeatureAccess,
  type FeatureAccess,
} from './api/feature-access';
export { useFeatures } from './api/use-features';
export { LOCAL_BYPASS_STORAGE_KEY, localBypassActive } from './model/local-bypass';
export { FeatureGate, FeatureNotAvailable, type FeatureGateProps } from './components/feature-gate';
