import { runtimeEnv } from '@sneakers/shared/runtime/config';
import { defineFunction, lazy } from '@sneakers/shared/runtime/function';
import { OUTBOX_ENTITY } from '@sneakers/shared/table/outbox-entity-name';
import { relayOutbox } from './domain/relay';
import { createEventBridgePublisher } from './publisher';

const publisher = lazy(() => createEventBridgePublisher(runtimeEnv()));

/** Relays outbox rows from the table's stream to the event bus (DESIGN 3.7). */
export const outboxService = defineFunction({
  name: 'outbox',
  routes: [],
  consumers: [],
  stream: { entities: [OUTBOX_ENTITY], handle: (records) => relayOutbox(publisher(), records) },
  access: { table: 'read', publishesEvents: true },
});
