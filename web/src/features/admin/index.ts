/**
 * What the app shell uses of the admin feature: the impersonation banner and its controller
 * (the state it keeps is app-wide, lib/impersonation). The admin screen loads lazily (sections.ts).
 */
export { ImpersonationController } from './impersonation/impersonation-controller';
