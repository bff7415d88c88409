import { Logger } from '@aws-lambda-powertools/logger';
import { Metrics } from '@aws-lambda-powertools/metrics';
import { Tracer } from '@aws-lambda-powertools/tracer';

/**
 * One Powertools set per function, created at module load (cold start), as the
 * powertools-lambda-typescript examples do. The service name comes from
 * POWERTOOLS_SERVICE_NAME, which CDK and the local cloud set per service.
 */
export const NAMESPACE = 'SneakerCrm';

export function createPowertools(serviceName: string) {
  const logger = new Logger({ serviceName });
  const metrics = new Metrics({ namespace: NAMESPACE, serviceName });
  const tracer = new Tracer({ serviceName });
  return { logger, metrics, tracer };
}

export type Powertools = ReturnType<typeof createPowertools>;
