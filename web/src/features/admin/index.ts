/**
 * What the app shell uses of the admin feature: impersonation mode (its state, the API
 * hooks that carry it, and the banner). The admin screen itself loads lazily (sections.ts).
 */
export {
  activeImpersonationOf,
  getImpersonation,
  impersonationHeaders,
  reportApiError,
  useImpersonation,
  type ImpersonationState,
} from './impersonation-state';
export { ImpersonationController } from './impersonation/impersonation-controller';
