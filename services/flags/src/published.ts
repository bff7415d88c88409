/**
 * What the local cloud and the cross-service suites may use of this service (lint allows
 * nothing else of it outside services/flags): nothing yet. The demo seed writes its sample
 * flags through the routes, and enforcement reads the rows through
 * shared/src/views/feature-access-view.ts.
 */
export {};
