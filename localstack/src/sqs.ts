import { createHash, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { LoadedService } from './lambda';

/**
 * A small SQS stand-in (docs/adr/0025-outgoing-webhooks.md): the AWS JSON protocol the SDK v3
 * speaks for SendMessage, ReceiveMessage, DeleteMessage and ChangeMessageVisibility, on
 * in-memory queues, and a local event-source mapping that invokes a function with SQS's event
 * shape and honours its partial batch response, as Lambda's SQS poller does. A message
 * received `maxReceiveCount` times without being deleted goes to the queue's dead letters.
 */
export interface SqsMapping {
  queueName: string;
  service: LoadedService;
  batchSize?: number;
  /** Batches invoked at once (Lambda's maximum concurrency of the event source). */
  concurrency?: number;
}

interface Message {
  id: string;
  body: string;
  visibleAt: number;
  receiveCount: number;
  receipt: string | null;
  sentAt: number;
}

interface Queue {
  messages: Map<string, Message>;
  deadLetters: Message[];
}

const VISIBILITY_TIMEOUT_MS = 30_000;
const MAX_RECEIVE_COUNT = 5;
const POLL_MS = 25;

const md5 = (text: string) => createHash('md5').update(text, 'utf8').digest('hex');

export function startSqsStandIn(options: {
  port: number;
  queues: string[];
  mappings?: SqsMapping[];
  log?: (line: string) => void;
}) {
  const queues = new Map<string, Queue>(
    options.queues.map((name) => [name, { messages: new Map(), deadLetters: [] }]),
  );
  const urlOf = (name: string) => `http://127.0.0.1:${options.port}/000000000000/${name}`;
  const queueOf = (url: unknown): Queue | undefined =>
    typeof url === 'string' ? queues.get(url.slice(url.lastIndexOf('/') + 1)) : undefined;
  let inFlight = 0;

  function send(queue: Queue, body: string, delaySeconds: number) {
    const id = randomUUID();
    const now = Date.now();
    queue.messages.set(id, {
      id,
      body,
      visibleAt: now + delaySeconds * 1000,
      receiveCount: 0,
      receipt: null,
      sentAt: now,
    });
    return id;
  }

  function receive(queue: Queue, max: number, visibilityMs: number): Message[] {
    const now = Date.now();
    const out: Message[] = [];
    for (const message of queue.messages.values()) {
      if (out.length >= max) break;
      if (message.visibleAt > now) continue;
      if (message.receiveCount >= MAX_RECEIVE_COUNT) {
        queue.messages.delete(message.id);
        queue.deadLetters.push(message);
        options.log?.(`SQS: a message went to the dead letters after ${message.receiveCount} receives`);
        continue;
      }
      message.receiveCount += 1;
      message.receipt = `${message.id}#${randomUUID()}`;
      message.visibleAt = now + visibilityMs;
      out.push(message);
    }
    return out;
  }

  const byReceipt = (queue: Queue, receipt: unknown) =>
    typeof receipt === 'string' ? queue.messages.get(receipt.split('#')[0] ?? '') : undefined;

  function reply(res: ServerResponse, status: number, body: unknown) {
    res.writeHead(status, { 'content-type': 'application/x-amz-json-1.0' });
    res.end(JSON.stringify(body));
  }
  const error = (res: ServerResponse, type: string, message: string) =>
    reply(res, 400, { __type: `com.amazonaws.sqs#${type}`, message });

  async function readBody(req: IncomingMessage) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  }

  const server = createServer((req, res) => {
    void (async () => {
      const target = String(req.headers['x-amz-target'] ?? '');
      let input: Record<string, unknown>;
      try {
        input = JSON.parse((await readBody(req)) || '{}') as Record<string, unknown>;
      } catch {
        return error(res, 'InvalidParameterValue', 'The body is not JSON.');
      }
      const op = target.replace(/^AmazonSQS\./, '');
      if (op === 'GetQueueUrl') {
        const name = String(input.QueueName ?? '');
        if (!queues.has(name)) return error(res, 'QueueDoesNotExist', 'The specified queue does not exist.');
        return reply(res, 200, { QueueUrl: urlOf(name) });
      }
      const queue = queueOf(input.QueueUrl);
      if (!queue) return error(res, 'QueueDoesNotExist', 'The specified queue does not exist.');
      switch (op) {
        case 'SendMessage': {
          const body = input.MessageBody;
          const delay = Number(input.DelaySeconds ?? 0);
          if (typeof body !== 'string' || body === '')
            return error(res, 'InvalidParameterValue', 'MessageBody is required.');
          if (!Number.isInteger(delay) || delay < 0 || delay > 900)
            return error(res, 'InvalidParameterValue', 'DelaySeconds must be between 0 and 900.');
          const id = send(queue, body, delay);
          return reply(res, 200, { MessageId: id, MD5OfMessageBody: md5(body) });
        }
        case 'SendMessageBatch': {
          const entries = Array.isArray(input.Entries) ? (input.Entries as Record<string, unknown>[]) : [];
          if (entries.length === 0 || entries.length > 10)
            return error(res, 'InvalidParameterValue', 'Entries must hold 1 to 10 messages.');
          const successful: Record<string, string>[] = [];
          const failed: Record<string, unknown>[] = [];
          for (const entry of entries) {
            const body = entry.MessageBody;
            const delay = Number(entry.DelaySeconds ?? 0);
            if (
              typeof body !== 'string' ||
              body === '' ||
              !Number.isInteger(delay) ||
              delay < 0 ||
              delay > 900
            ) {
              failed.push({
                Id: entry.Id,
                SenderFault: true,
                Code: 'InvalidParameterValue',
                Message: 'Invalid entry.',
              });
              continue;
            }
            successful.push({
              Id: String(entry.Id),
              MessageId: send(queue, body, delay),
              MD5OfMessageBody: md5(body),
            });
          }
          return reply(res, 200, { Successful: successful, Failed: failed });
        }
        case 'ReceiveMessage': {
          const max = Math.min(10, Math.max(1, Number(input.MaxNumberOfMessages ?? 1)));
          const visibility = Number(input.VisibilityTimeout ?? VISIBILITY_TIMEOUT_MS / 1000) * 1000;
          const messages = receive(queue, max, visibility);
          return reply(res, 200, {
            Messages: messages.map((m) => ({
              MessageId: m.id,
              ReceiptHandle: m.receipt,
              MD5OfBody: md5(m.body),
              Body: m.body,
              Attributes: { ApproximateReceiveCount: String(m.receiveCount) },
            })),
          });
        }
        case 'DeleteMessage': {
          const message = byReceipt(queue, input.ReceiptHandle);
          if (message && message.receipt === input.ReceiptHandle) queue.messages.delete(message.id);
          return reply(res, 200, {});
        }
        case 'ChangeMessageVisibility': {
          const message = byReceipt(queue, input.ReceiptHandle);
          if (!message || message.receipt !== input.ReceiptHandle)
            return error(res, 'ReceiptHandleIsInvalid', 'The receipt handle is not valid.');
          message.visibleAt = Date.now() + Number(input.VisibilityTimeout ?? 0) * 1000;
          return reply(res, 200, {});
        }
        default:
          return error(res, 'UnsupportedOperation', `${op} is not supported by the local stand-in.`);
      }
    })().catch((e: unknown) => {
      options.log?.(`SQS: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
      if (!res.headersSent) reply(res, 500, { __type: 'InternalError', message: 'internal error' });
    });
  });

  // The event-source mappings: poll, invoke with SQS's event, delete what did not fail.
  let stopped = false;
  const timers: ReturnType<typeof setTimeout>[] = [];
  for (const mapping of options.mappings ?? []) {
    const queue = queues.get(mapping.queueName);
    if (!queue)
      throw new Error(`No queue ${mapping.queueName} for ${mapping.service.manifest.definition.name}`);
    const batchSize = mapping.batchSize ?? 10;
    const concurrency = mapping.concurrency ?? 10;
    let running = 0;
    const invokeBatch = async (batch: Message[]) => {
      running += 1;
      inFlight += 1;
      try {
        const result = (await mapping.service.invoke({
          Records: batch.map((m) => ({
            messageId: m.id,
            receiptHandle: m.receipt,
            body: m.body,
            attributes: { ApproximateReceiveCount: String(m.receiveCount), SentTimestamp: String(m.sentAt) },
            md5OfBody: md5(m.body),
            eventSource: 'aws:sqs',
            eventSourceARN: `arn:aws:sqs:eu-west-1:000000000000:${mapping.queueName}`,
          })),
        })) as { batchItemFailures?: { itemIdentifier: string }[] } | undefined;
        const failed = new Set((result?.batchItemFailures ?? []).map((f) => f.itemIdentifier));
        for (const m of batch) if (!failed.has(m.id)) queue.messages.delete(m.id);
      } catch (e) {
        // The whole batch failed: its messages come back after the visibility timeout.
        options.log?.(`SQS mapping ${mapping.queueName}: ${e instanceof Error ? e.message : String(e)}`);
      } finally {
        running -= 1;
        inFlight -= 1;
      }
    };
    const tick = () => {
      if (stopped) return;
      while (running < concurrency) {
        const batch = receive(queue, batchSize, VISIBILITY_TIMEOUT_MS);
        if (batch.length === 0) break;
        void invokeBatch(batch);
      }
      timers.push(setTimeout(tick, POLL_MS));
      if (timers.length > 100) timers.splice(0, timers.length - 1);
    };
    tick();
  }

  return {
    server,
    url: (name: string) => urlOf(name),
    /** Messages visible now or being handled: what `idle()` waits for (delayed retries do not count). */
    busy(): number {
      const now = Date.now();
      let visible = 0;
      for (const q of queues.values())
        for (const m of q.messages.values()) if (m.visibleAt <= now) visible += 1;
      return visible + inFlight;
    },
    deadLetters: () => [...queues.values()].reduce((n, q) => n + q.deadLetters.length, 0),
    stop() {
      stopped = true;
      for (const t of timers) clearTimeout(t);
    },
  };
}
