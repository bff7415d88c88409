import middy from '@middy/core';
import type { Logger } from '@aws-lambda-powertools/logger';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import type { Context } from 'aws-lambda';
import type { FunctionDefinition } from './function';
import { powertoolsFor } from './powertools';

/**
 * The Lambda entry of a service that only answers direct invocations (`definition.invoke`):
 * no HTTP pipeline, access control or table, so such a function bundles none of them. A
 * throw reaches the caller as Lambda's FunctionError; expected failures should be answered
 * as data by `invoke` instead.
 */
export function createInvokeHandler(definition: FunctionDefinition) {
  const invoke = definition.invoke;
  if (!invoke) throw new Error(`${definition.name} does not answer direct invocations`);
  let built: ReturnType<typeof buildInvokeHandler> | undefined;
  // Built on the first invocation, with the Powertools set of the environment it runs in.
  return (payload: unknown, context: Context) => {
    built ??= buildInvokeHandler(invoke, powertoolsFor(definition.name).logger);
    return built(payload, context);
  };
}

function buildInvokeHandler(invoke: (payload: unknown) => Promise<unknown>, logger: Logger) {
  return middy<unknown, unknown, Error, Context>()
    .use(injectLambdaContext(logger, { resetKeys: true }))
    .handler(async (payload) => {
      try {
        return await invoke(payload);
      } catch (error) {
        logger.error('Invocation failed', { error: error instanceof Error ? error : String(error) });
        throw error;
      }
    });
}
