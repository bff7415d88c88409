import { createDocumentClient, type DocumentClient } from '../table/client';
import { runtimeEnv } from './config';
import { lazy } from './function';

/**
 * The table a function's repositories share: one DynamoDB document client per container,
 * made on first use (importing a function, as CDK and the tests do, needs no environment).
 */
export const tableAccess = lazy((): { client: DocumentClient; table: string } => {
  const env = runtimeEnv();
  return { client: createDocumentClient(env), table: env.TABLE_NAME };
});
