import {
  DescribeStreamCommand,
  DynamoDBStreamsClient,
  GetRecordsCommand,
  GetShardIteratorCommand,
  type _Record,
} from '@aws-sdk/client-dynamodb-streams';
import { streamWants } from '@sneakers/shared/runtime/function';
import type { LoadedService } from './lambda';

/**
 * Polls the table's stream on DynamoDB Local and feeds the services that declare a
 * stream handler, with the same filter CDK puts on the event source mapping (the declared
 * changes, INSERTs by default, of the declared ElectroDB entities). Failed records are
 * retried, as the real mapping does. Each service reads the stream on its own, as each
 * event source mapping does on AWS: a slow consumer (the commerce ledger's transactions)
 * never delays another (the outbox relay, and with it every email and push).
 */
const MAX_ATTEMPTS = 5;

interface PollerOptions {
  endpoint: string;
  streamArn: string;
  services: Iterable<LoadedService>;
  log: (line: string) => void;
  intervalMs?: number;
}

export function startStreamPoller(opts: PollerOptions) {
  const client = new DynamoDBStreamsClient({
    region: 'eu-west-1',
    endpoint: opts.endpoint,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  const mappings = [...opts.services]
    .filter((s) => s.manifest.definition.stream)
    .map((service) => startMapping(service, client, opts));
  return {
    ready: Promise.all(mappings.map((m) => m.ready)).then(() => undefined),
    stats: () =>
      mappings.reduce(
        (sum, m) => {
          const one = m.stats();
          return {
            shards: Math.max(sum.shards, one.shards),
            processed: sum.processed + one.processed,
            retrying: sum.retrying + one.retrying,
          };
        },
        { shards: 0, processed: 0, retrying: 0 },
      ),
    /**
     * How many records every mapping handed to its service (or still retries) in its next
     * full poll, one that starts after this call: 0 means the stream held nothing new for
     * anyone when it was read (the pipeline's idle signal, see LocalCloud.idle).
     */
    nextPolls: () => Promise.all(mappings.map((m) => m.nextPoll())).then((n) => n.reduce((a, b) => a + b, 0)),
    async stop() {
      await Promise.all(mappings.map((m) => m.stop()));
    },
  };
}

/** One service's event source mapping: its own shard iterators, retries and pace. */
function startMapping(service: LoadedService, client: DynamoDBStreamsClient, opts: PollerOptions) {
  const iterators = new Map<string, string | undefined>();
  const retries: { service: LoadedService; record: _Record; attempts: number }[] = [];
  let stopped = false;
  let busy: Promise<void> = Promise.resolve();
  let processed = 0;
  let firstDiscovery = true;
  /** Callers of nextPoll waiting for a poll that starts after they asked. */
  let waiting: ((found: number) => void)[] = [];

  function wanted(service: LoadedService, record: _Record): boolean {
    const stream = service.manifest.definition.stream;
    return (
      stream !== undefined &&
      streamWants(stream, {
        eventName: record.eventName,
        newEntity: record.dynamodb?.NewImage?.__edb_e__?.S,
        oldEntity: record.dynamodb?.OldImage?.__edb_e__?.S,
      })
    );
  }

  async function invoke(service: LoadedService, records: _Record[]): Promise<_Record[]> {
    if (records.length === 0) return [];
    try {
      const result = (await service.invoke({
        Records: records.map((r) => ({ ...r, eventSource: 'aws:dynamodb' })),
      })) as {
        batchItemFailures?: { itemIdentifier: string }[];
      };
      const failed = new Set(result?.batchItemFailures?.map((f) => f.itemIdentifier) ?? []);
      processed += records.length - failed.size;
      return records.filter((r) => failed.has(r.dynamodb?.SequenceNumber ?? ''));
    } catch (error) {
      opts.log(`stream handler ${service.manifest.definition.name} failed: ${String(error)}`);
      return records;
    }
  }

  async function discoverShards() {
    const described = await client.send(new DescribeStreamCommand({ StreamArn: opts.streamArn }));
    for (const shard of described.StreamDescription?.Shards ?? []) {
      if (!shard.ShardId || iterators.has(shard.ShardId)) continue;
      // Shards open when we start begin at LATEST (events of earlier runs are history);
      // shards that appear later are read from their start.
      const it = await client.send(
        new GetShardIteratorCommand({
          StreamArn: opts.streamArn,
          ShardId: shard.ShardId,
          ShardIteratorType:
            firstDiscovery && !shard.SequenceNumberRange?.EndingSequenceNumber ? 'LATEST' : 'TRIM_HORIZON',
        }),
      );
      iterators.set(
        shard.ShardId,
        firstDiscovery && shard.SequenceNumberRange?.EndingSequenceNumber ? undefined : it.ShardIterator,
      );
    }
    firstDiscovery = false;
  }

  /** Reads every shard once and hands over what the service wants; returns how many that was. */
  async function pollOnce(): Promise<number> {
    let found = 0;
    for (const [shardId, iterator] of iterators) {
      if (!iterator) continue;
      const out = await client.send(new GetRecordsCommand({ ShardIterator: iterator, Limit: 100 }));
      iterators.set(shardId, out.NextShardIterator);
      const records = (out.Records ?? []).filter((r) => wanted(service, r));
      found += records.length;
      const failed = await invoke(service, records);
      for (const record of failed) retries.push({ service, record, attempts: 1 });
    }
    found += retries.length;
    for (const entry of retries.splice(0)) {
      const failed = await invoke(entry.service, [entry.record]);
      if (failed.length === 0) continue;
      if (entry.attempts + 1 >= MAX_ATTEMPTS)
        opts.log(
          `stream record ${entry.record.dynamodb?.SequenceNumber} dropped after ${MAX_ATTEMPTS} attempts`,
        );
      else retries.push({ ...entry, attempts: entry.attempts + 1 });
    }
    return found;
  }

  let ticks = 0;
  async function loop() {
    while (!stopped) {
      const asked = waiting;
      waiting = [];
      busy = (async () => {
        try {
          if (ticks++ % 50 === 0) await discoverShards();
          const found = await pollOnce();
          for (const answer of asked) answer(found);
        } catch (error) {
          // A failed poll says nothing about the stream: its callers wait for the next one.
          waiting.push(...asked);
          if (!stopped) opts.log(`stream poller: ${String(error)}`);
        }
      })();
      await busy;
      await new Promise((r) => setTimeout(r, opts.intervalMs ?? 100));
    }
  }

  const ready = discoverShards();
  void ready.then(loop);

  return {
    ready,
    stats: () => ({ shards: iterators.size, processed, retrying: retries.length }),
    nextPoll: () =>
      stopped ? Promise.resolve(0) : new Promise<number>((resolve) => void waiting.push(resolve)),
    async stop() {
      stopped = true;
      for (const answer of waiting.splice(0)) answer(0);
      await busy;
    },
  };
}
