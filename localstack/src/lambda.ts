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

export function lambdaContext(functionName: string, timeoutMs = 30_000): Context {
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
    const inProcess = (event: unknown) => mod.handler(event, lambdaContext(name));
    loaded.set(name, {
      manifest,
      invoke: faults
        ? (event) => faults.invoke(name, manifest.entry, event, () => inProcess(event))
        : inProcess,
    });
  }
  return loaded;
}
