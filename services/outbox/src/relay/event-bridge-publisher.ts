import { EventBridgeClient, PutEventsCommand } from '@aws-sdk/client-eventbridge';
import { localClientConfig, type RuntimeEnv } from '@sneakers/shared/runtime/config';
import type { EventPublisher, PublishableEvent } from './ports';

/** PutEvents in batches of 10 (the API's limit); reports which entries failed. */
export function createEventBridgePublisher(
  env: Pick<RuntimeEnv, 'AWS_REGION' | 'EVENTS_ENDPOINT' | 'EVENT_BUS_NAME'>,
): EventPublisher {
  const client = new EventBridgeClient({ region: env.AWS_REGION, ...localClientConfig(env.EVENTS_ENDPOINT) });
  return {
    async publish(events: PublishableEvent[]) {
      const failed: number[] = [];
      for (let start = 0; start < events.length; start += 10) {
        const batch = events.slice(start, start + 10);
        try {
          const out = await client.send(
            new PutEventsCommand({
              Entries: batch.map((e) => ({
                EventBusName: env.EVENT_BUS_NAME,
                Source: e.source,
                DetailType: e.detailType,
                Detail: JSON.stringify(e.detail),
                Time: new Date(e.occurredAt),
              })),
            }),
          );
          out.Entries?.forEach((entry, i) => {
            if (entry.ErrorCode) failed.push(start + i);
          });
        } catch {
          batch.forEach((_, i) => failed.push(start + i));
        }
      }
      return failed;
    },
  };
}
