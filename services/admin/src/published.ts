/**
 * What the local cloud and the cross-service suites may use of this service (lint allows
 * nothing else of it outside services/admin): nothing yet; they reach it through the
 * registry's routes.
 */
export {};
