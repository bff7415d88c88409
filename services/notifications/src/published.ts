/**
 * What the local cloud and the cross-service suites may use of this service (lint allows
 * nothing else of it outside services/notifications): nothing yet; the demo seed's
 * notifications come from the events of the other services' routes.
 */
export {};
