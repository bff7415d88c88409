/**
 * What the local cloud and the cross-service suites may use of this service (lint allows
 * nothing else of it outside services/realtime): nothing; the WebSocket gateway and the bus
 * run it through services/registry.ts.
 */
export {};
