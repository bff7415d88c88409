import type { DocumentClient } from '@sneakers/shared/table/client';

/**
 * The name of every command `client` sends from now on (`'QueryCommand'`, ...), in a live array:
 * integration tests and benches hold use cases to their DynamoDB request budgets with it.
 * `requests.length = 0` starts the count afresh. No vitest import, so benches can use it too.
 */
export function countRequests(client: DocumentClient): string[] {
  const requests: string[] = [];
  client.middlewareStack.add(
    (next, context) => async (args) => {
      requests.push(String(context.commandName));
      return next(args);
    },
    { step: 'initialize', name: 'countRequests' },
  );
  return requests;
}
