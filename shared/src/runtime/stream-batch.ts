import type { DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import type { StreamHandler, StreamRecord } from './function';
import type { Powertools } from './powertools';

/** DynamoDB stream images arrive in attribute-value form; handlers want plain objects. */
function unmarshall(image: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  if (!image) return undefined;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(image)) out[k] = fromAttribute(v as Record<string, unknown>);
  return out;
}
function fromAttribute(av: Record<string, unknown>): unknown {
  if ('S' in av) return av.S;
  if ('N' in av) return Number(av.N);
  if ('BOOL' in av) return av.BOOL;
  if ('NULL' in av) return null;
  if ('M' in av) return unmarshall(av.M as Record<string, unknown>);
  if ('L' in av) return (av.L as Record<string, unknown>[]).map(fromAttribute);
  if ('SS' in av) return av.SS;
  if ('NS' in av) return (av.NS as string[]).map(Number);
  return undefined;
}

export function toStreamRecord(record: DynamoDBRecord): StreamRecord {
  return {
    eventName: record.eventName,
    eventId: record.eventID ?? record.dynamodb?.SequenceNumber,
    newImage: unmarshall(record.dynamodb?.NewImage as Record<string, unknown> | undefined),
    oldImage: unmarshall(record.dynamodb?.OldImage as Record<string, unknown> | undefined),
  };
}

/** Thrown for a record its handler could not apply: Powertools reports it for a retry. */
export class StreamRecordFailedError extends Error {
  constructor(sequenceNumber: string | undefined) {
    super(`Stream record ${sequenceNumber ?? '(no sequence number)'} was not applied`);
    this.name = 'StreamRecordFailedError';
  }
}

/**
 * A stream batch through Powertools' batch processing: each record's result is reported on
 * its own (`batchItemFailures` by sequence number, so Lambda retries from the first failed
 * one). Handlers work on the whole batch at once (the outbox relays ten events per PutEvents
 * call, the ledger sums a batch into few transactions), so the batch runs once, when the
 * first record is processed, and every record reads its own outcome from that run.
 */
export async function handleStreamBatch(stream: StreamHandler, event: DynamoDBStreamEvent, pt: Powertools) {
  const records = event.Records.map(toStreamRecord);
  const positions = new Map(event.Records.map((record, i) => [record, i]));
  let run: Promise<Set<number>> | undefined;
  // Loaded here, on a stream batch: a static import would load it in every function's cold
  // start, since the bundler hoists external imports to the top of the bundle.
  const { BatchProcessor, EventType, processPartialResponse } = await import('@aws-lambda-powertools/batch');
  const processor = new BatchProcessor(EventType.DynamoDBStreams);
  const response = await processPartialResponse(
    event,
    async (record: DynamoDBRecord) => {
      run ??= stream.handle(records).then((failed) => new Set(failed));
      const failed = await run;
      const position = positions.get(record);
      if (position === undefined || failed.has(position))
        throw new StreamRecordFailedError(record.dynamodb?.SequenceNumber);
    },
    processor,
    // The stream's own retries and its dead-letter queue deal with a batch that fails whole.
    { throwOnFullBatchFailure: false },
  );
  pt.metrics.addMetric('StreamRecords', 'Count', records.length);
  return response;
}
