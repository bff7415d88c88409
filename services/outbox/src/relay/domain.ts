import type { StreamRecord } from '@sneakers/shared/runtime/function';
import type { EventPublisher, PublishableEvent } from './ports';

/** An inserted outbox row as an event; anything else on the stream is not one. */
function asEvent(record: StreamRecord): PublishableEvent | undefined {
  const img = record.newImage;
  if (record.eventName !== 'INSERT' || !img) return undefined;
  const { eventId, source, detailType, detail, occurredAt } = img;
  if (
    typeof eventId !== 'string' ||
    typeof source !== 'string' ||
    typeof detailType !== 'string' ||
    typeof occurredAt !== 'string'
  ) {
    return undefined;
  }
  return { eventId, source, detailType, detail, occurredAt };
}

/**
 * Publishes newly inserted outbox rows. Returns the record indexes to retry; a retry may
 * publish an event twice, which is why every consumer is idempotent on `eventId`.
 */
export async function relayOutbox(publisher: EventPublisher, records: StreamRecord[]): Promise<number[]> {
  const pending: { index: number; event: PublishableEvent }[] = [];
  records.forEach((record, index) => {
    const event = asEvent(record);
    if (event) pending.push({ index, event });
  });
  if (pending.length === 0) return [];
  const failed = await publisher.publish(pending.map((p) => p.event));
  return failed.map((i) => pending[i]!.index);
}
