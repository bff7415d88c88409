import { Logger } from '@aws-lambda-powertools/logger';
import { Metrics } from '@aws-lambda-powertools/metrics';
import { Tracer } from '@aws-lambda-powertools/tracer';

/**
 * The one Powertools set (logger, metrics, tracer) of each function, created at cold start
 * as the powertools-lambda-typescript examples do. The handler wraps itself with it, and a
 * function's deps that need to log take the same logger from here, so every line carries
 * the Lambda context the handler injected. In Lambda a process runs one function; the local
 * cloud runs them all in one process, hence one set per function name.
 */
export const NAMESPACE = 'SneakerCrm';

export interface Powertools {
  logger: Logger;
  metrics: Metrics;
  tracer: Tracer;
}

const sets = new Map<string, Powertools>();

export function powertoolsFor(functionName: string): Powertools {
  let set = sets.get(functionName);
  if (!set) {
    set = {
      logger: new Logger({ serviceName: functionName }),
      metrics: new Metrics({ namespace: NAMESPACE, serviceName: functionName }),
      tracer: new Tracer({ serviceName: functionName }),
    };
    sets.set(functionName, set);
  }
  return set;
}
