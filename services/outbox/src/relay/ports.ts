/** An outbox row as the bus takes it: what the producer wrote in its transaction. */
export interface PublishableEvent {
  eventId: string;
  source: string;
  detailType: string;
  detail: unknown;
  occurredAt: string;
}

export interface EventPublisher {
  /** Returns the indexes of events that were not accepted. */
  publish(events: PublishableEvent[]): Promise<number[]>;
}

export interface RelayDeps {
  publisher: EventPublisher;
}
