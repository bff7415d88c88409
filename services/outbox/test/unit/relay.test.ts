import { describe, expect, it } from 'vitest';
import { relayOutbox } from '../../src/relay/domain';
import type { EventPublisher, PublishableEvent } from '../../src/relay/ports';

function outboxInsert(eventId: string) {
  return {
    eventName: 'INSERT',
    newImage: {
      eventId,
      source: 'sneakers.settings',
      detailType: 'Settings.Changed',
      detail: { n: eventId },
      occurredAt: '2026-11-22T10:00:00Z',
    },
  };
}

describe('outbox relay', () => {
  it('publishes inserted outbox rows and ignores the rest', async () => {
    const published: PublishableEvent[] = [];
    const publisher: EventPublisher = {
      publish: async (events) => {
        published.push(...events);
        return [];
      },
    };
    const failed = await relayOutbox(publisher, [
      outboxInsert('e1'),
      { eventName: 'REMOVE', newImage: undefined },
      { eventName: 'MODIFY', newImage: outboxInsert('e2').newImage },
      outboxInsert('e3'),
    ]);
    expect(failed).toEqual([]);
    expect(published.map((e) => e.eventId)).toEqual(['e1', 'e3']);
  });

  it('reports failures by their index in the stream batch, for partial retry', async () => {
    const publisher: EventPublisher = { publish: async () => [1] };
    const failed = await relayOutbox(publisher, [
      outboxInsert('e1'),
      { eventName: 'REMOVE' },
      outboxInsert('e3'),
    ]);
    expect(failed).toEqual([2]);
  });
});
