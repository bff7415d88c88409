import { defineFunction } from '@sneakers/shared/runtime/function';
import { createLambdaHandler } from '@sneakers/shared/runtime/lambda-handler';
import { OUTBOX_ENTITY } from '@sneakers/shared/table/outbox-entity-name';
import { relayDeps } from '../relay/deps';
import { relayOutbox } from '../relay/domain';

/**
 * outbox: relays outbox rows from the table's stream to the event bus
 * (docs/architecture.md#transactional-outbox). The stream batch goes through Powertools'
 * batch processing; the indexes `relayOutbox` answers are its partial failures, retried.
 */
export const outboxFunction = defineFunction({
  name: 'outbox',
  routes: [],
  consumers: [],
  stream: { entities: [OUTBOX_ENTITY], handle: (records) => relayOutbox(relayDeps().publisher, records) },
  access: { table: 'read', publishesEvents: true },
});

export const handler = createLambdaHandler(outboxFunction);
