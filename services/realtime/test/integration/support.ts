import { randomUUID } from 'node:crypto';
import { Service } from '@sneakers/shared/table/entity';
import { buildEvent, type EventDefinition } from '@sneakers/events';
import { createRealtimeTicket } from '@sneakers/shared/contracts/realtime';
import { createDocumentClient } from '@sneakers/shared/table/client';
import { outboxEntity, outboxItem } from '@sneakers/shared/table/outbox';
import type * as z from 'zod/mini';
import { LOCAL_NAMES } from '../../../../localstack/src/names';
import { api, cloud, newUser, openSocket } from '../../../../tests/support/cloud-client';

/**
 * The realtime suites' set-up: events published as a producer publishes them (an outbox row
 * the stream relays to the bus), signed-in users with subscribed sockets, frame matchers.
 */
const userIdOf = (token: string) =>
  (JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as { sub: string }).sub;

export async function publish<D extends z.ZodMiniType>(def: EventDefinition<D>, data: z.input<D>) {
  const client = createDocumentClient({
    AWS_REGION: LOCAL_NAMES.region,
    DYNAMODB_ENDPOINT: cloud().dynamodbUrl,
  });
  const table = cloud().tableName || LOCAL_NAMES.table;
  const { outbox } = new Service({ outbox: outboxEntity }, { client, table }).entities;
  const event = buildEvent(def, data, { eventId: randomUUID(), occurredAt: new Date().toISOString() });
  await outbox.create(outboxItem(event)).go();
}

/** A signed-in user with a socket subscribed to their own pushes. */
export async function subscribedSocket() {
  const user = await newUser();
  const socket = await openSocket();
  const { ticket } = await api(user.token).call(createRealtimeTicket, {});
  const subscribed = socket.waitFor((f) => (f as { type?: string }).type === 'subscribed');
  socket.send({ action: 'subscribe', ticket });
  await subscribed;
  return { userId: userIdOf(user.token), token: user.token, socket };
}

/** A matcher of the error frame with this code. */
export const isError = (code: string) => (f: unknown) =>
  (f as { type?: string }).type === 'error' && (f as { code?: string }).code === code;
