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
  // A batch's messages mostly go to a few endpoints: each is read once per batch.
  const base = webhooksDeps();
  const endpoints = new Map<string, ReturnType<typeof base.webhooks.getEndpoint>>();
  // And the batch's deliveries in one BatchGetItem; a message the batch read first uses its row.
  const messages = Records.flatMap((r) => {
    try {
      return [z.parse(deliveryMessage, JSON.parse(r.body))];
    } catch {
      return [];
    }
  });
  const prefetched = new Map(
    (
      await base.webhooks.getDeliveries(messages.map((m) => ({ endpointId: m.endpointId, id: m.deliveryId })))
    ).map((d) => [`${d.endpointId}#${d.id}`, d]),
  );
  const deps = {
    ...base,
    webhooks: {
      ...base.webhooks,
      getDelivery: async (endpointId: string, id: string) => {
        const key = `${endpointId}#${id}`;
        const row = prefetched.get(key);
        if (!row) return base.webhooks.getDelivery(endpointId, id);
        // Once only: a second message for the same delivery reads it afresh.
        prefetched.delete(key);
        return row;
      },
      getEndpoint: (storeUserId: string, id: string) => {
        const key = `${storeUserId}#${id}`;
        let read = endpoints.get(key);
        if (!read) {
          read = base.webhooks.getEndpoint(storeUserId, id);
          endpoints.set(key, read);
        }
        return read;
      },
    },
  };
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
        await deliver(deps, message);
      } catch {
        failures.push({ itemIdentifier: record.messageId });
      }
    }),
  );
  return { batchItemFailures: failures };
}
