/**
 * What the local cloud and the cross-service suites may use of this service (lint allows
 * nothing else of it outside services/offers): nothing yet; the demo seed makes its offers
 * through the routes (services/registry.ts).
 */
export {};
