/**
 * What the local cloud and the cross-service suites may use of this service (lint allows
 * nothing else of it outside services/crm).
 */

/** The crm bench (tests/bench/crm.ts) counts the client detail's DynamoDB requests over its own client. */
export { getClient } from './clients/domain';
export { createClientsRepository } from './clients/repository';
