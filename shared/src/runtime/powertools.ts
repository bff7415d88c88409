import { Logger } from '@aws-lambda-powertools/logger';
import { Metrics } from '@aws-lambda-powertools/metrics';
import type { Tracer } from '@aws-lambda-powertools/tracer';

/**
 * The one Powertools set (logger, metrics, tracer) of each function, as the
 * powertools-lambda-typescript examples keep it. The handler wraps itself with it, and a
 * function's deps that need to log take the same logger from here, so every line carries
 * the Lambda context the handler injected. In Lambda a process runs one function; the local
 * cloud runs them all in one process, hence one set per function name.
 *
 * The tracer (the X-Ray SDK) costs more of a cold start than the rest of a function
 * together (docs/adr/0018-cold-starts.md), and Lambda's active tracing records every
 * invocation without it: it loads only where POWERTOOLS_TRACE_ENABLED is 'true'.
 */
export const NAMESPACE = 'SneakerCrm';

export interface Powertools {
  logger: Logger;
  metrics: Metrics;
}

const sets = new Map<string, Powertools>();

export function powertoolsFor(functionName: string): Powertools {
  let set = sets.get(functionName);
  if (!set) {
    set = {
      logger: new Logger({ serviceName: functionName }),
      metrics: new Metrics({ namespace: NAMESPACE, serviceName: functionName }),
    };
    sets.set(functionName, set);
  }
  return set;
}

/** Whether this function traces its handler with the X-Ray SDK (off unless switched on). */
export function tracingEnabled(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.POWERTOOLS_TRACE_ENABLED === 'true';
}

const tracers = new Map<string, Promise<Tracer>>();

/** The function's tracer, loaded on first use; only call it where tracing is enabled. */
export function tracerFor(functionName: string): Promise<Tracer> {
  let tracer = tracers.get(functionName);
  if (!tracer) {
    tracer = import('@aws-lambda-powertools/tracer').then(
      ({ Tracer: TracerClass }) => new TracerClass({ serviceName: functionName }),
    );
    tracers.set(functionName, tracer);
  }
  return tracer;
}
