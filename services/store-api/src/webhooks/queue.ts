import { SendMessageBatchCommand, SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import type { DeliveryMessage, DeliveryQueue } from './ports';

/**
 * The deliveries' queue (docs/adr/0025-outgoing-webhooks.md): SQS in AWS, the local cloud's
 * SQS stand-in locally (SQS_ENDPOINT), both through the same SDK call.
 */
export function createSqsQueue(queueUrl: string, endpoint: string | undefined): DeliveryQueue {
  const client = new SQSClient(endpoint ? { endpoint } : {});
  return {
    async send(message: DeliveryMessage, delaySeconds: number) {
      await client.send(
        new SendMessageCommand({
          QueueUrl: queueUrl,
          MessageBody: JSON.stringify(message),
          DelaySeconds: Math.max(0, Math.min(900, Math.round(delaySeconds))),
        }),
      );
    },
    async sendNow(messages: DeliveryMessage[]) {
      const batches: DeliveryMessage[][] = [];
      for (let i = 0; i < messages.length; i += 10) batches.push(messages.slice(i, i + 10));
      await Promise.all(
        batches.map(async (batch) => {
          const out = await client.send(
            new SendMessageBatchCommand({
              QueueUrl: queueUrl,
              Entries: batch.map((m, i) => ({ Id: String(i), MessageBody: JSON.stringify(m) })),
            }),
          );
          if ((out.Failed ?? []).length > 0) throw new Error(`SQS refused ${out.Failed?.length} messages`);
        }),
      );
    },
  };
}
