import type { Route } from '@sneakers/shared/runtime/service';

/** The route table: CDK declares these routes and the local gateway serves them. */
export const messagingRoutes: Route[] = [];
