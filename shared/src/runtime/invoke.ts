import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { localClientConfig, type RuntimeEnv } from './config';

/**
 * Synchronous calls from one service's function to another's through the Lambda Invoke
 * API (RequestResponse). CDK sets `FUNCTION_<NAME_UPPER_SNAKE>` on the caller for each
 * service in `access.invokes`; the local cloud serves the same API over its in-process
 * services (LAMBDA_ENDPOINT), where a function is named after its service.
 */

/** The environment variable naming a service's function: `catalog-fetcher` → FUNCTION_CATALOG_FETCHER. */
export function functionEnvName(service: string): string {
  return `FUNCTION_${service.replace(/[^A-Za-z0-9]+/g, '_').toUpperCase()}`;
}

/** The invoked function failed (it threw, timed out or ran out of memory): Lambda's FunctionError. */
export class InvokeFunctionError extends Error {
  override name = 'InvokeFunctionError';
  constructor(
    readonly functionName: string,
    readonly functionError: string,
    message: string,
  ) {
    super(message);
  }
}

type InvokeEnv = Pick<RuntimeEnv, 'AWS_REGION' | 'LAMBDA_ENDPOINT'>;

const clients = new Map<string, LambdaClient>();

function clientFor(env: InvokeEnv): LambdaClient {
  const key = `${env.AWS_REGION}|${env.LAMBDA_ENDPOINT ?? ''}`;
  let client = clients.get(key);
  if (!client) {
    client = new LambdaClient({ region: env.AWS_REGION, ...localClientConfig(env.LAMBDA_ENDPOINT) });
    clients.set(key, client);
  }
  return client;
}

function errorMessageOf(payload: unknown, fallback: string): string {
  if (typeof payload === 'object' && payload !== null) {
    const message: unknown = Reflect.get(payload, 'errorMessage');
    if (typeof message === 'string' && message) return message;
  }
  return fallback;
}

/**
 * Invokes the service's function with a JSON payload and answers its JSON result; throws
 * InvokeFunctionError when the function failed. The function is the one named by
 * `FUNCTION_<NAME>` in `names` (the process environment), else the service's name.
 */
export async function invokeFunction(
  env: InvokeEnv,
  service: string,
  payload: unknown,
  names: Record<string, string | undefined> = process.env,
): Promise<unknown> {
  const functionName = names[functionEnvName(service)] || service;
  const out = await clientFor(env).send(
    new InvokeCommand({
      FunctionName: functionName,
      InvocationType: 'RequestResponse',
      Payload: new TextEncoder().encode(JSON.stringify(payload)),
    }),
  );
  const text = out.Payload ? new TextDecoder().decode(out.Payload) : '';
  let result: unknown = null;
  if (text) {
    try {
      result = JSON.parse(text);
    } catch {
      throw new InvokeFunctionError(
        functionName,
        'Unhandled',
        `${functionName} answered a payload that is not JSON`,
      );
    }
  }
  if (out.FunctionError)
    throw new InvokeFunctionError(
      functionName,
      out.FunctionError,
      `${functionName} failed: ${errorMessageOf(result, out.FunctionError)}`,
    );
  return result;
}
