import type { WebhookEventName } from '@sneakers/shared/contracts/webhooks';
import type { DocumentClient } from '@sneakers/shared/table/client';
import { Service } from '@sneakers/shared/table/entity';
import { outboxEntity, outboxItem } from '@sneakers/shared/table/outbox';
import { batchGetRows } from '@sneakers/shared/table/batch-get';
import { queryPage } from '@sneakers/shared/table/paging';
import { conditional, transact } from '@sneakers/shared/table/transaction';
import { profileView } from '@sneakers/shared/views/profile-view';
import {
  ATTEMPT_LOG_KEPT,
  DELIVERY_KEPT_DAYS,
  webhookDeliveryEntity,
  type WebhookDeliveryRow,
} from './delivery-entity';
import { webhookEndpointEntity, type WebhookEndpointRow } from './endpoint-entity';
import type { DeliveryRecord, EndpointRecord, WebhooksRepository } from './ports';

const DEFAULT_PAGE = 25;
const epochSeconds = (iso: string, days: number) => Math.floor(Date.parse(iso) / 1000) + days * 86_400;

function toEndpointRecord(row: WebhookEndpointRow): EndpointRecord {
  return {
    storeUserId: row.storeUserId,
    id: row.id,
    url: row.url,
    description: row.description,
    events: row.events as WebhookEventName[],
    enabled: row.enabled,
    disabledReason: row.disabledReason ?? null,
    secret: row.secret,
    previousSecret: row.previousSecret ?? null,
    previousSecretExpiresAt: row.previousSecretExpiresAt ?? null,
    failingSince: row.failingSince ?? null,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

function toDeliveryRecord(row: WebhookDeliveryRow): DeliveryRecord {
  return {
    endpointId: row.endpointId,
    id: row.id,
    storeUserId: row.storeUserId,
    event: row.event,
    messageId: row.messageId,
    payload: row.payload,
    status: row.status,
    responseCode: row.responseCode ?? null,
    durationMs: row.durationMs ?? null,
    attempts: row.attempts,
    nextAttemptAt: row.nextAttemptAt ?? null,
    attemptLog: row.attemptLog.map((a) => ({
      at: a.at,
      responseCode: a.responseCode ?? null,
      durationMs: a.durationMs,
      error: a.error ?? null,
    })),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

function deliveryRow(record: DeliveryRecord) {
  return {
    endpointId: record.endpointId,
    id: record.id,
    storeUserId: record.storeUserId,
    event: record.event,
    messageId: record.messageId,
    payload: record.payload,
    status: record.status,
    attempts: record.attempts,
    ...(record.nextAttemptAt ? { nextAttemptAt: record.nextAttemptAt } : {}),
    attemptLog: [],
    ttl: epochSeconds(record.createdAt, DELIVERY_KEPT_DAYS),
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
  };
}

/** Nulls are absent attributes: the fields to set and the ones to remove. */
function split<T extends Record<string, unknown>>(changes: T) {
  const set: Record<string, unknown> = {};
  const remove: string[] = [];
  for (const [name, value] of Object.entries(changes)) {
    if (value === undefined) continue;
    if (value === null) remove.push(name);
    else set[name] = value;
  }
  return { set, remove };
}

/**
 * Access patterns: Query the store's endpoints (`pk = storeUserId`, a handful); GetItem an
 * endpoint; Query an endpoint's deliveries newest first; GetItem a delivery; the fan-out's
 * conditional marker and its delivery in one transaction; conditional updates of a delivery on
 * its attempt count (a stale message changes nothing); GetItem the profile's role.
 */
export function createWebhooksRepository(client: DocumentClient, table: string): WebhooksRepository {
  const service = new Service(
    {
      endpoint: webhookEndpointEntity,
      delivery: webhookDeliveryEntity,
      profile: profileView,
      outbox: outboxEntity,
    },
    { client, table },
  );
  const { endpoint, delivery, profile } = service.entities;

  const readEndpoint = async (storeUserId: string, id: string) => {
    const { data } = await endpoint.get({ storeUserId, id }).go({ consistent: true });
    return data ? toEndpointRecord(data) : null;
  };
  const readDelivery = async (endpointId: string, id: string) => {
    const { data } = await delivery.get({ endpointId, id }).go({ consistent: true });
    return data ? toDeliveryRecord(data) : null;
  };

  return {
    async isStore(userId) {
      const { data } = await profile.get({ userId }).go({ attributes: ['role'] });
      return data?.role === 'store';
    },
    async listEndpoints(storeUserId) {
      const { data } = await endpoint.query.byStore({ storeUserId }).go({ pages: 'all' });
      return data.map(toEndpointRecord);
    },
    getEndpoint: readEndpoint,
    async createEndpoint(record) {
      const { set } = split({ ...record });
      await endpoint.create(set as Parameters<typeof endpoint.create>[0]).go();
    },
    async updateEndpoint(storeUserId, id, changes, event) {
      const { set, remove } = split({ ...changes });
      const patch = () => {
        const op = endpoint.patch({ storeUserId, id }).set(set as Partial<WebhookEndpointRow>);
        if (remove.length > 0) op.remove(remove as Parameters<typeof op.remove>[0]);
        // Disabling with a notice happens once: a second sender finds it off already.
        if (event) op.where(({ enabled }, { eq }) => eq(enabled, true));
        return op;
      };
      if (event) {
        const outcome = await transact(
          () =>
            service.transaction
              .write(({ outbox: o }) => [patch().commit(), o.create(outboxItem(event)).commit()])
              .go(),
          ['unchanged', null],
        );
        if (outcome === 'unchanged') return readEndpoint(storeUserId, id);
      } else {
        const outcome = await conditional(() => patch().go(), 'missing');
        if (outcome === 'missing') return null;
      }
      return readEndpoint(storeUserId, id);
    },
    async deleteEndpoint(storeUserId, id) {
      return (await conditional(() => endpoint.remove({ storeUserId, id }).go(), 'missing')) === 'committed';
    },
    async createDeliveriesOnce(records) {
      // An event's deliveries in one transaction (a store has at most 20 endpoints), each a
      // create conditional on its id being new; when one exists, each on its own.
      if (records.length === 0) return [];
      const all = await transact(
        () =>
          service.transaction
            .write(({ delivery: d }) => records.map((record) => d.create(deliveryRow(record)).commit()))
            .go(),
        records.map(() => 'duplicate' as const),
      );
      if (all === 'committed') return records;
      const one = await Promise.all(
        records.map(async (r) =>
          (await conditional(() => delivery.create(deliveryRow(r)).go(), 'duplicate')) === 'committed'
            ? r
            : null,
        ),
      );
      return one.filter((r): r is DeliveryRecord => r !== null);
    },
    async createDelivery(record) {
      await delivery.create(deliveryRow(record)).go();
    },
    getDelivery: readDelivery,
    async getDeliveries(keys) {
      const rows = await batchGetRows(
        client,
        table,
        // BatchGetItem refuses a repeated key, and a batch may hold two messages of one delivery
        // (a retry and a manual redelivery).
        [...new Map(keys.map((k) => [`${k.endpointId}#${k.id}`, k])).values()].map((k) =>
          webhookDeliveryEntity.key(k),
        ),
        { consistent: true },
      );
      return rows.flatMap((Item) => {
        const { data } = webhookDeliveryEntity.parse({ Item });
        return data ? [toDeliveryRecord(data)] : [];
      });
    },
    async listDeliveries(endpointId, page) {
      return queryPage(
        page,
        { defaultLimit: DEFAULT_PAGE },
        (go) => delivery.query.byEndpoint({ endpointId }).go({ order: 'desc', ...go }),
        toDeliveryRecord,
      );
    },
    async recordAttempt(current, outcome) {
      const { endpointId, id, attempts: expectedAttempts } = current;
      const log = [...current.attemptLog, outcome.attempt].slice(-ATTEMPT_LOG_KEPT);
      const { set, remove } = split({
        status: outcome.status,
        attempts: expectedAttempts + 1,
        responseCode: outcome.attempt.responseCode,
        durationMs: outcome.attempt.durationMs,
        nextAttemptAt: outcome.nextAttemptAt,
        updatedAt: outcome.attempt.at,
      });
      const attemptLog = log.map((a) => split({ ...a }).set) as WebhookDeliveryRow['attemptLog'];
      const result = await conditional(() => {
        const op = delivery
          .patch({ endpointId, id })
          .set({ ...set, attemptLog } as Partial<WebhookDeliveryRow>);
        if (remove.length > 0) op.remove(remove as Parameters<typeof op.remove>[0]);
        return op.where(({ attempts }, { eq }) => eq(attempts, expectedAttempts)).go();
      }, 'stale');
      if (result === 'stale') return null;
      return {
        ...current,
        status: outcome.status,
        attempts: expectedAttempts + 1,
        responseCode: outcome.attempt.responseCode,
        durationMs: outcome.attempt.durationMs,
        nextAttemptAt: outcome.nextAttemptAt,
        attemptLog: log,
        updatedAt: outcome.attempt.at,
      };
    },
    async requeue(endpointId, id, at) {
      const outcome = await conditional(
        () =>
          delivery
            .patch({ endpointId, id })
            .set({ status: 'pending', nextAttemptAt: at, updatedAt: at })
            .go(),
        'missing',
      );
      return outcome === 'missing' ? null : readDelivery(endpointId, id);
    },
  };
}
