import { createDocumentClient, type DocumentClient } from '../src/table/client';

type Item = Record<string, unknown>;

/** A field of a request input or an item, read without trusting its shape. */
function field(value: unknown, name: string): unknown {
  return typeof value === 'object' && value !== null && name in value
    ? (value as Record<string, unknown>)[name]
    : undefined;
}

const keyOf = (key: unknown): string => `${String(field(key, 'pk'))}\u0000${String(field(key, 'sk'))}`;

function asItem(value: unknown): Item {
  if (typeof value !== 'object' || value === null) throw new Error('Not an item');
  return { ...value };
}

const conditionFailed = () =>
  Object.assign(new Error('The conditional request failed'), { name: 'ConditionalCheckFailedException' });

/**
 * A real DocumentClient whose requests never leave the process: a middleware at the first
 * step answers Get, BatchGet and Put from a map and counts every request, so tests see
 * exactly how many DynamoDB requests the code under test would send.
 */
export function fakeTable() {
  const items = new Map<string, Item>();
  const log: string[] = [];
  let failPuts = false;
  const client: DocumentClient = createDocumentClient({
    AWS_REGION: 'eu-west-1',
    DYNAMODB_ENDPOINT: 'http://127.0.0.1:9',
  });
  client.middlewareStack.add(
    (_next, context) => async (args) => {
      const input: unknown = args.input;
      const command = String(context.commandName);
      log.push(command);
      if (command === 'GetItemCommand') {
        const item = items.get(keyOf(field(input, 'Key')));
        return { output: { $metadata: {}, ...(item ? { Item: structuredClone(item) } : {}) }, response: {} };
      }
      if (command === 'BatchGetItemCommand') {
        const Responses: Record<string, Item[]> = {};
        for (const [table, request] of Object.entries(asItem(field(input, 'RequestItems')))) {
          const keys = field(request, 'Keys');
          Responses[table] = (Array.isArray(keys) ? keys : []).map(keyOf).flatMap((k) => {
            const item = items.get(k);
            return item ? [structuredClone(item)] : [];
          });
        }
        return { output: { $metadata: {}, Responses }, response: {} };
      }
      if (command === 'PutItemCommand') {
        if (failPuts) throw new Error('Service unavailable');
        const item = asItem(field(input, 'Item'));
        const key = keyOf(item);
        if (
          String(field(input, 'ConditionExpression') ?? '').includes('attribute_not_exists') &&
          items.has(key)
        )
          throw conditionFailed();
        items.set(key, structuredClone(item));
        return { output: { $metadata: {} }, response: {} };
      }
      throw new Error(`fakeTable does not answer ${command}`);
    },
    { step: 'initialize', name: 'fakeTable' },
  );
  return {
    client,
    /** Stores an item as a Put of its ElectroDB params would. */
    put(item: Item) {
      items.set(keyOf(item), structuredClone(item));
    },
    items: () => [...items.values()],
    /** Command names sent so far, in order. */
    log,
    requests: () => log.length,
    failPuts(on: boolean) {
      failPuts = on;
    },
  };
}
