/**
 * What the local cloud and the cross-service suites may use of this service (lint allows
 * nothing else of it outside services/providers): nothing yet; the demo seed makes its
 * providers and consignments through the routes (services/registry.ts).
 */
export {};
