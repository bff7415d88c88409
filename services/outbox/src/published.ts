/**
 * What the local cloud and the cross-service suites may use of this service (lint allows
 * nothing else of it outside services/outbox): nothing; they run it through
 * services/registry.ts like every function.
 */
export {};
