import type { DynamoDBRecord } from 'aws-lambda';
import * as z from 'zod/mini';
import {
  STREAM_EVENT_NAMES,
  streamEventsOf,
  streamWants,
  type FunctionDefinition,
  type StreamEventName,
} from './function';

/**
 * The table's stream has one reader, the `table-stream` dispatcher (docs/adr/0029): it hands
 * every function that declares a `stream` handler the records that function's filter wants,
 * through the Lambda Invoke API, so the stream never has more readers than AWS advises per
 * shard. This module is the routing, free of any SDK: which target gets which records, and
 * which record the whole batch reports as failed.
 */

/** A function that declares a stream handler, as the dispatcher knows it (no code, only its filter). */
export interface StreamTarget {
  /** The service's name (its function is FUNCTION_<NAME> in AWS, the name itself locally). */
  name: string;
  entities: readonly string[];
  events: readonly StreamEventName[];
}

/** The dispatcher reads its targets from this variable (JSON, set by CDK and by the local cloud). */
export const STREAM_TARGETS_ENV = 'STREAM_TARGETS';

const targetsSchema = z.array(
  z.object({
    name: z.string().check(z.minLength(1)),
    entities: z.array(z.string()).check(z.minLength(1)),
    events: z.array(z.enum(STREAM_EVENT_NAMES)).check(z.minLength(1)),
  }),
);

/** The stream targets among the registry's functions, in its order. */
export function streamTargetsOf(definitions: readonly FunctionDefinition[]): StreamTarget[] {
  const targets: StreamTarget[] = [];
  for (const definition of definitions) {
    if (!definition.stream) continue;
    targets.push({
      name: definition.name,
      entities: [...definition.stream.entities],
      events: [...streamEventsOf(definition.stream)],
    });
  }
  return targets;
}

export function serializeStreamTargets(targets: readonly StreamTarget[]): string {
  return JSON.stringify(targets);
}

/** The targets from STREAM_TARGETS; throws on a value CDK or the local cloud could not have written. */
export function parseStreamTargets(raw: string | undefined): StreamTarget[] {
  if (!raw) throw new Error(`${STREAM_TARGETS_ENV} is not set`);
  return z.parse(targetsSchema, JSON.parse(raw));
}

/**
 * The filters of the dispatcher's own event source mapping, as few as the targets allow (a
 * mapping takes five by default): the targets grouped by the changes they want, each group
 * with the union of its entities, and one rule for the REMOVEs. A record passes exactly when
 * some target wants it, so the dispatcher is never invoked for a change no one reads (an
 * outbox row's TTL expiry, say).
 */
export function dispatcherRules(
  targets: readonly StreamTarget[],
): { entities: readonly string[]; events: readonly StreamEventName[] }[] {
  const groups = new Map<string, { entities: Set<string>; events: StreamEventName[] }>();
  const removed = new Set<string>();
  for (const target of targets) {
    const events = STREAM_EVENT_NAMES.filter((e) => e !== 'REMOVE' && target.events.includes(e));
    if (target.events.includes('REMOVE')) for (const entity of target.entities) removed.add(entity);
    if (events.length === 0) continue;
    const key = events.join(',');
    const group = groups.get(key) ?? { entities: new Set<string>(), events };
    for (const entity of target.entities) group.entities.add(entity);
    groups.set(key, group);
  }
  const rules = [...groups.values()].map((g) => ({ entities: [...g.entities], events: g.events }));
  if (removed.size > 0) rules.push({ entities: [...removed], events: ['REMOVE'] });
  return rules;
}

/** A raw stream record as far as the filter reads it (Lambda's event record, or the Streams API's). */
interface FilteredRecord {
  eventName?: string;
  dynamodb?: { NewImage?: Record<string, { S?: string }>; OldImage?: Record<string, { S?: string }> };
}

/** Whether the target's filter wants this raw stream record (the rule its own mapping stated). */
export function targetWants(
  target: Pick<StreamTarget, 'entities' | 'events'>,
  record: FilteredRecord,
): boolean {
  return streamWants(target, {
    eventName: record.eventName,
    newEntity: record.dynamodb?.NewImage?.__edb_e__?.S,
    oldEntity: record.dynamodb?.OldImage?.__edb_e__?.S,
  });
}

export interface SubBatch {
  target: string;
  /** The target's records, in the batch's (the shard's) order. */
  records: DynamoDBRecord[];
}

/** The batch split per target; a target that wants none of it gets no sub-batch (no invocation). */
export function routeRecords(
  targets: readonly StreamTarget[],
  records: readonly DynamoDBRecord[],
): SubBatch[] {
  const batches: SubBatch[] = [];
  for (const target of targets) {
    const wanted = records.filter((record) => targetWants(target, record));
    if (wanted.length > 0) batches.push({ target: target.name, records: wanted });
  }
  return batches;
}

/** One target's outcome: the sequence numbers it reported failed, or that it failed whole. */
export type TargetOutcome =
  { target: string; failed: readonly string[] } | { target: string; error: unknown };

export interface BatchItemFailure {
  itemIdentifier: string;
}

/**
 * The batch's partial failure: the EARLIEST record (in the batch's order) any target failed.
 * Lambda retries a stream batch from the reported record onwards, so reporting the earliest
 * one is what keeps every failed record of every target in the retry; the records after it
 * that a target had already applied reach it again, and every handler is idempotent on the
 * record's eventID. A target that failed whole (threw, timed out) failed its first record.
 */
export function earliestFailure(
  records: readonly DynamoDBRecord[],
  batches: readonly SubBatch[],
  outcomes: readonly TargetOutcome[],
): BatchItemFailure[] {
  const failed = new Set<string>();
  for (const outcome of outcomes) {
    if ('error' in outcome) {
      const first = batches.find((b) => b.target === outcome.target)?.records[0];
      failed.add(sequenceOf(first));
    } else for (const id of outcome.failed) failed.add(id);
  }
  if (failed.size === 0) return [];
  const earliest = records.find((record) => failed.has(sequenceOf(record)));
  // An identifier no record of the batch carries cannot be placed: fail the batch from its start.
  return [{ itemIdentifier: sequenceOf(earliest ?? records[0]) }];
}

function sequenceOf(record: DynamoDBRecord | undefined): string {
  return record?.dynamodb?.SequenceNumber ?? '';
}

/** Invokes one target with a DynamoDB stream event; answers its partial batch response. */
export type StreamInvoker = (
  target: string,
  event: { Records: DynamoDBRecord[] },
) => Promise<{ batchItemFailures?: readonly BatchItemFailure[] } | null | undefined>;

export interface DispatchReport {
  batchItemFailures: BatchItemFailure[];
  /** Per invoked target: how many records it got and what became of them (for the logs). */
  targets: { target: string; records: number; failed: number; error?: string }[];
}

/**
 * One batch of the table's stream through every target at once: each target gets its
 * sub-batch in parallel (a slow target delays the next batch, never another target's share
 * of this one), and the batch answers the earliest failure across them.
 */
export async function dispatchStreamBatch(
  targets: readonly StreamTarget[],
  records: readonly DynamoDBRecord[],
  invoke: StreamInvoker,
): Promise<DispatchReport> {
  const batches = routeRecords(targets, records);
  const outcomes = await Promise.all(
    batches.map(async (batch): Promise<TargetOutcome> => {
      try {
        const response = await invoke(batch.target, { Records: batch.records });
        return {
          target: batch.target,
          failed: (response?.batchItemFailures ?? []).map((f) => f.itemIdentifier),
        };
      } catch (error) {
        return { target: batch.target, error };
      }
    }),
  );
  return {
    batchItemFailures: earliestFailure(records, batches, outcomes),
    targets: batches.map((batch, i) => {
      const outcome = outcomes[i]!;
      return 'error' in outcome
        ? {
            target: batch.target,
            records: batch.records.length,
            failed: batch.records.length,
            error: outcome.error instanceof Error ? outcome.error.message : String(outcome.error),
          }
        : { target: batch.target, records: batch.records.length, failed: outcome.failed.length };
    }),
  };
}
