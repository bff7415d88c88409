import * as z from 'zod/mini';
import { webhooksDeps } from './deps';
import { deliver } from './domain';

/**
 * The sender's queue batch (SQS's event, the same shape from the local stand-in): each
 * message is one attempt of one delivery. An attempt that fails at the receiver is a result,
 * recorded and re-queued by `deliver`; only an error of ours (the table, the queue) reports
 * the message back as failed, so SQS retries it and then parks it in the dead-letter queue.
 */
const sqsEvent = z.object({
  Records: z.array(z.object({ messageId: z.string(), body: z.string() })),
});

const deliveryMessage = z.object({
  storeUserId: z.string(),
  endpointId: z.string(),
  deliveryId: z.string(),
  attempt: z.int().check(z.minimum(0)),
  notBefore: z.string(),
});

export async function handleDeliveryBatch(payload: unknown) {
  const { Records } = z.parse(sqsEvent, payload);
  const failures: { itemIdentifier: string }[] = [];
  await Promise.all(
    Records.map(async (record) => {
      let message: z.infer<typeof deliveryMessage>;
      try {
        message = z.parse(deliveryMessage, JSON.parse(record.body));
      } catch {
        // Not ours to send: retrying cannot make it parse.
        return;
      }
      try {
        await deliver(webhooksDeps(), message);
      } catch {
        failures.push({ itemIdentifier: record.messageId });
      }
    }),
  );
  return { batchItemFailures: failures };
}
