import type { TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { createDocumentClient } from '@sneakers/shared/table/client';

function hasTransactItems(input: unknown): input is TransactWriteCommandInput {
  return typeof input === 'object' && input !== null && 'TransactItems' in input;
}

/**
 * A DocumentClient that lets a use case's reads through and, while `keep` is on, holds its
 * TransactWriteItems instead of sending it: a bench then sends that exact transaction
 * straight to DynamoDB Local, to compare a route with the raw write it performs.
 */
export function keptTransactionClient(env: { AWS_REGION: string; DYNAMODB_ENDPOINT: string }) {
  const client = createDocumentClient(env);
  const state: { keep: boolean; kept: TransactWriteCommandInput | undefined } = {
    keep: true,
    kept: undefined,
  };
  client.middlewareStack.add(
    (next) => async (args) => {
      if (!state.keep || !hasTransactItems(args.input)) return next(args);
      state.kept = structuredClone(args.input);
      return { output: { $metadata: {} }, response: {} };
    },
    { step: 'initialize', name: 'keepTransaction' },
  );
  return {
    client,
    /** Whether the next transaction is held (true) or sent as usual. */
    keep(on: boolean) {
      state.keep = on;
    },
    /** The transaction held since the last call, which it forgets. */
    take(): TransactWriteCommandInput {
      const kept = state.kept;
      state.kept = undefined;
      if (!kept) throw new Error('the use case sent no transaction');
      return kept;
    },
  };
}
