import type { Route } from '@sneakers/shared/runtime/service';

export const overviewRoutes: Route[] = [];
