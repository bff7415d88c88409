import {
  DescribeStreamCommand,
  DynamoDBStreamsClient,
  GetRecordsCommand,
  GetShardIteratorCommand,
  type _Record,
} from '@aws-sdk/client-dynamodb-streams';
import { streamTargetsOf, targetWants, type StreamTarget } from '@sneakers/shared/runtime/stream-fanout';
import type { LoadedService } from './lambda';

/**
 * Polls the table's stream on DynamoDB Local and feeds its one reader, the `table-stream`
 * dispatcher, as its event source mapping does on AWS (docs/adr/0029): the records some
 * `stream` function wants, the same filter CDK puts on the mapping. The dispatcher invokes
 * those functions through the local Lambda API (LAMBDA_ENDPOINT) and returns once they all
 * have, so a poll's count covers every handler. A reported failure is retried from the
 * earliest failed record on, as Lambda retries a stream batch.
 */
const MAX_ATTEMPTS = 5;

interface PollerOptions {
  endpoint: string;
  streamArn: string;
  services: Iterable<LoadedService>;
  log: (line: string) => void;
}

/**
 * The mapping's pace. A poll costs DynamoDB Local a GetRecords per shard whether or not the
 * stream holds anything: every 100 ms that kept an idle local cloud at about 12% of a core
 * (docs/adr/0034). So the pause after a poll that found nothing doubles up to half a second, and
 * a function's invocation ending (the writes to the table happen inside one) brings the next
 * poll back to 100 ms after the previous one: a write through the API is read as soon as
 * before, a write made straight to the table (a test's fixture) within half a second.
 */
const PACE = { minMs: 100, maxMs: 500 } as const;

export function startStreamPoller(opts: PollerOptions) {
  const client = new DynamoDBStreamsClient({
    region: 'eu-west-1',
    endpoint: opts.endpoint,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  const services = [...opts.services];
  const targets = streamTargetsOf(services.map((s) => s.manifest.definition));
  const dispatcher = services.find((s) => s.manifest.definition.tableStreamDispatcher);
  if (targets.length > 0 && !dispatcher)
    throw new Error('Services declare a stream handler but none is the table stream dispatcher');
  const mappings = dispatcher && targets.length > 0 ? [startMapping(dispatcher, targets, client, opts)] : [];
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
     * How many records the mapping handed to the dispatcher (or still retries) in its next
     * full poll, one that starts after this call: 0 means the stream held nothing new for
     * anyone when it was read (the pipeline's idle signal, see LocalCloud.idle).
     */
    nextPolls: () => Promise.all(mappings.map((m) => m.nextPoll())).then((n) => n.reduce((a, b) => a + b, 0)),
    /** Something may have written to the table: read the stream again at the fast pace. */
    wake: () => {
      for (const m of mappings) m.wake();
    },
    async stop() {
      await Promise.all(mappings.map((m) => m.stop()));
    },
  };
}

/** The dispatcher's event source mapping: its shard iterators, retries and pace. */
function startMapping(
  service: LoadedService,
  targets: readonly StreamTarget[],
  client: DynamoDBStreamsClient,
  opts: PollerOptions,
) {
  const name = service.manifest.definition.name;
  const iterators = new Map<string, string | undefined>();
  const retries: { record: _Record; attempts: number }[] = [];
  let stopped = false;
  let busy: Promise<void> = Promise.resolve();
  let processed = 0;
  let firstDiscovery = true;
  /** Callers of nextPoll waiting for a poll that starts after they asked. */
  let waiting: ((found: number) => void)[] = [];
  let pauseMs: number = PACE.minMs;
  let lastPollAt = 0;
  /** Ends the current pause early (a wake-up); undefined while polling. */
  let sleeper: { timer: ReturnType<typeof setTimeout>; end: () => void } | undefined;

  /** Shortens the pause to end PACE.minMs after the last poll began (at once if that is past). */
  function wake() {
    pauseMs = PACE.minMs;
    if (!sleeper) return;
    const { timer, end } = sleeper;
    clearTimeout(timer);
    sleeper = { timer: setTimeout(end, Math.max(0, lastPollAt + PACE.minMs - Date.now())), end };
  }

  function pause(ms: number) {
    return new Promise<void>((resolve) => {
      const end = () => {
        sleeper = undefined;
        resolve();
      };
      sleeper = { timer: setTimeout(end, ms), end };
    });
  }

  const wanted = (record: _Record) => targets.some((t) => targetWants(t, record));

  /** Hands the records to the dispatcher; answers those to retry (the earliest failed one and all after it). */
  async function invoke(records: _Record[]): Promise<_Record[]> {
    if (records.length === 0) return [];
    try {
      const result = (await service.invoke({
        Records: records.map((r) => ({ ...r, eventSource: 'aws:dynamodb' })),
      })) as {
        batchItemFailures?: { itemIdentifier: string }[];
      };
      const failed = new Set(result?.batchItemFailures?.map((f) => f.itemIdentifier) ?? []);
      const first = records.findIndex((r) => failed.has(r.dynamodb?.SequenceNumber ?? ''));
      const retry = first === -1 ? [] : records.slice(first);
      processed += records.length - retry.length;
      return retry;
    } catch (error) {
      opts.log(`stream handler ${name} failed: ${String(error)}`);
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

  /** Reads every shard once and hands over what some target wants; returns how many that was. */
  async function pollOnce(): Promise<number> {
    let found = 0;
    for (const [shardId, iterator] of iterators) {
      if (!iterator) continue;
      const out = await client.send(new GetRecordsCommand({ ShardIterator: iterator, Limit: 100 }));
      iterators.set(shardId, out.NextShardIterator);
      const records = (out.Records ?? []).filter(wanted);
      found += records.length;
      const failed = await invoke(records);
      for (const record of failed) retries.push({ record, attempts: 1 });
    }
    found += retries.length;
    for (const entry of retries.splice(0)) {
      const failed = await invoke([entry.record]);
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
      lastPollAt = Date.now();
      busy = (async () => {
        try {
          if (ticks++ % 50 === 0) await discoverShards();
          const found = await pollOnce();
          for (const answer of asked) answer(found);
          pauseMs = found > 0 || retries.length > 0 ? PACE.minMs : Math.min(pauseMs * 2, PACE.maxMs);
        } catch (error) {
          // A failed poll says nothing about the stream: its callers wait for the next one.
          waiting.push(...asked);
          if (!stopped) opts.log(`stream poller: ${String(error)}`);
        }
      })();
      await busy;
      // Someone waits for the next poll (the cloud's idle check): no reason to pause long.
      await pause(waiting.length > 0 ? PACE.minMs : pauseMs);
    }
  }

  const ready = discoverShards();
  void ready.then(loop);

  return {
    ready,
    stats: () => ({ shards: iterators.size, processed, retrying: retries.length }),
    nextPoll: () => {
      if (stopped) return Promise.resolve(0);
      const next = new Promise<number>((resolve) => void waiting.push(resolve));
      wake();
      return next;
    },
    wake,
    async stop() {
      stopped = true;
      if (sleeper) {
        clearTimeout(sleeper.timer);
        sleeper.end();
      }
      for (const answer of waiting.splice(0)) answer(0);
      await busy;
    },
  };
}
