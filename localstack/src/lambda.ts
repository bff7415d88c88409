import { randomUUID } from 'node:crypto';
import type { Context } from 'aws-lambda';
import type { FunctionManifest } from '../../services/registry';
import type { FunctionFaults } from './faults';

/** A service's Lambda handler, loaded in-process from the same entry file CDK bundles. */
export type LambdaHandler = (event: unknown, context: Context) => Promise<unknown>;

export interface LoadedService {
  manifest: FunctionManifest;
  invoke(event: unknown): Promise<unknown>;
}

/**
 * A function without its own timeout gets this locally: longer than AWS's 10 s default
 * (infra/src/constructs/service-function.ts), as this machine is slower and busier.
 */
const LOCAL_DEFAULT_TIMEOUT_MS = 30_000;

/**
 * The invocation's context. Its remaining time follows the function's declared timeout, as in
 * AWS: the handler wrapper ends an invocation early when the time is up (middy's timeoutEarly),
 * and in-process the run cannot be killed, so a 900 s job cut at 30 s would go on beside the
 * retry the bus then makes (two workers on one import job).
 */
export function lambdaContext(functionName: string, timeoutMs = LOCAL_DEFAULT_TIMEOUT_MS): Context {
  const started = Date.now();
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:eu-west-1:000000000000:function:${functionName}`,
    memoryLimitInMB: '512',
    awsRequestId: randomUUID(),
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, timeoutMs - (Date.now() - started)),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}

/** Loads every function; with `faults`, an armed function's next invocation runs in its own process. */
export async function loadServices(
  manifests: FunctionManifest[],
  faults?: FunctionFaults,
): Promise<Map<string, LoadedService>> {
  const loaded = new Map<string, LoadedService>();
  for (const manifest of manifests) {
    const mod = (await import(manifest.entry)) as { handler: LambdaHandler };
    const name = manifest.definition.name;
    const timeoutMs = (manifest.definition.timeoutSeconds ?? 0) * 1000 || LOCAL_DEFAULT_TIMEOUT_MS;
    const inProcess = (event: unknown) => mod.handler(event, lambdaContext(name, timeoutMs));
    loaded.set(name, {
      manifest,
      invoke: faults
        ? (event) => faults.invoke(name, manifest.entry, event, () => inProcess(event), timeoutMs)
        : inProcess,
    });
  }
  return loaded;
}
