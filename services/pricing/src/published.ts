/**
 * What the local cloud and the cross-service suites may use of pricing besides its routes
 * (docs/adr/0017-one-shape-for-every-domain.md). The demo seed writes through the routes.
 */
/** The pricing bench applies a 5,000-row run in-process to count its DynamoDB requests. */
export { createRunsRepository } from './runs/repository';
export { createStrategiesRepository } from './strategies/repository';
export { applyRun } from './runs/domain';
