import { createServer, type Server } from 'node:http';
import { randomUUID } from 'node:crypto';
import { isLostInvocation } from './faults';
import type { LoadedService } from './lambda';

/**
 * A local EventBridge: speaks the PutEvents JSON protocol the SDK uses, matches the
 * rules that consumers declare (the same declarations CDK turns into rules), and
 * invokes consumers with EventBridge-shaped events, retrying with backoff. Events that
 * still fail land in a dead-letter list, as a DLQ would hold them.
 */
export interface DeadLetter {
  consumer: string;
  event: unknown;
  error: string;
}

interface Rule {
  consumerId: string;
  detailTypes: ReadonlySet<string>;
  service: LoadedService;
}

const RETRY_DELAYS_MS = [200, 1000, 3000];

export function createEventBus(
  services: Iterable<LoadedService>,
  opts: { busName: string; log: (line: string) => void },
) {
  const rules: Rule[] = [];
  for (const service of services) {
    for (const consumer of service.manifest.definition.consumers) {
      rules.push({ consumerId: consumer.id, detailTypes: new Set(consumer.detailTypes), service });
    }
  }
  const deadLetters: DeadLetter[] = [];
  const inFlight = new Set<Promise<void>>();
  let delivered = 0;
  let started = 0;

  async function deliver(rule: Rule, event: Record<string, unknown>) {
    for (let attempt = 0; ; attempt++) {
      try {
        await rule.service.invoke(event);
        delivered++;
        return;
      } catch (error) {
        // A runtime killed by a local fault switch: its event is lost, retries included (faults.ts).
        const delay = isLostInvocation(error) ? undefined : RETRY_DELAYS_MS[attempt];
        if (delay === undefined) {
          deadLetters.push({ consumer: rule.consumerId, event, error: String(error) });
          opts.log(
            `event ${String(event.id)} (${String(event['detail-type'])}) failed in ${rule.consumerId} after ${attempt + 1} attempts: ${String(error)}`,
          );
          return;
        }
        await new Promise((r) => setTimeout(r, delay));
      }
    }
  }

  function putEvents(
    entries: {
      Source?: string;
      DetailType?: string;
      Detail?: string;
      EventBusName?: string;
      Time?: number | string;
    }[],
  ) {
    return entries.map((entry) => {
      if (!entry.Source || !entry.DetailType || !entry.Detail) {
        return { ErrorCode: 'MalformedDetail', ErrorMessage: 'Source, DetailType and Detail are required' };
      }
      let detail: unknown;
      try {
        detail = JSON.parse(entry.Detail);
      } catch {
        return { ErrorCode: 'MalformedDetail', ErrorMessage: 'Detail is not valid JSON' };
      }
      if (entry.EventBusName && entry.EventBusName !== opts.busName) {
        return {
          ErrorCode: 'ResourceNotFoundException',
          ErrorMessage: `Event bus ${entry.EventBusName} does not exist`,
        };
      }
      const id = randomUUID();
      const time =
        entry.Time === undefined
          ? new Date()
          : new Date(typeof entry.Time === 'number' ? entry.Time * 1000 : entry.Time);
      const event = {
        version: '0',
        id,
        'detail-type': entry.DetailType,
        source: entry.Source,
        account: '000000000000',
        time: time.toISOString(),
        region: 'eu-west-1',
        resources: [],
        detail,
      };
      for (const rule of rules) {
        if (!rule.detailTypes.has(entry.DetailType)) continue;
        const p = deliver(rule, event).finally(() => inFlight.delete(p));
        inFlight.add(p);
        started++;
      }
      return { EventId: id };
    });
  }

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const target = req.headers['x-amz-target'];
      res.setHeader('content-type', 'application/x-amz-json-1.1');
      if (req.method !== 'POST' || target !== 'AWSEvents.PutEvents') {
        res.statusCode = 400;
        res.end(
          JSON.stringify({
            __type: 'UnknownOperationException',
            message: `Unsupported operation ${String(target)}`,
          }),
        );
        return;
      }
      try {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
          Entries?: Parameters<typeof putEvents>[0];
        };
        const results = putEvents(body.Entries ?? []);
        res.end(
          JSON.stringify({
            FailedEntryCount: results.filter((r) => 'ErrorCode' in r).length,
            Entries: results,
          }),
        );
      } catch (error) {
        res.statusCode = 400;
        res.end(JSON.stringify({ __type: 'ValidationException', message: String(error) }));
      }
    });
  });

  return {
    server,
    rules,
    deadLetters,
    /** started counts every delivery begun: a change between two looks means work happened. */
    stats: () => ({ delivered, started, deadLetters: deadLetters.length, inFlight: inFlight.size }),
    /** Resolves when every delivery started so far has finished (tests use this). */
    async drain() {
      while (inFlight.size) await Promise.all([...inFlight]);
    },
  };
}

export type LocalEventBus = ReturnType<typeof createEventBus>;
