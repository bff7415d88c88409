import * as z from 'zod/mini';
import { Entity, toRecord, toRow, type EntityItem } from '@sneakers/shared/table/entity';
import {
  COUNTERPARTY_KINDS,
  ORDER_CHANNELS,
  ORDER_KINDS,
  ORDER_STATUSES,
  orderBuyerSchema,
  orderLineSchema,
} from '@sneakers/shared/contracts/orders';
import * as common from '@sneakers/shared/table/common-attributes';
import { ELECTRO_SERVICE } from '@sneakers/shared/table/definition';
import type { OrderRecord } from './ports';

/**
 * An order, in its store's partition (`pk = storeUserId`, `sk = id`, a ULID): the store's
 * orders newest first are one descending Query; by status, one Query on gsi1
 * (`storeUserId + status` / id). The lines are one document attribute, checked on the way
 * back in. Absent optional attributes stand for null.
 */
export const orderEntity = new Entity({
  model: { entity: 'commerceOrder', version: '1', service: ELECTRO_SERVICE },
  attributes: {
    storeUserId: common.ownerAttribute,
    id: common.idAttribute,
    kind: { type: ORDER_KINDS, required: true, readOnly: true },
    status: { type: ORDER_STATUSES, required: true },
    storeBusinessName: { type: 'string', required: true },
    counterpartyKind: { type: COUNTERPARTY_KINDS, required: true, readOnly: true },
    counterpartyClientId: { type: 'string', readOnly: true },
    counterpartyUserId: { type: 'string', readOnly: true },
    counterpartyName: { type: 'string', required: true },
    counterpartyEmail: { type: 'string' },
    lines: { type: 'any', required: true, readOnly: true },
    currency: { ...common.currencyAttribute, readOnly: true },
    total: { type: 'number', required: true, readOnly: true },
    notes: { type: 'string' },
    shareId: { type: 'string', required: true, readOnly: true },
    offerGroupId: { type: 'string', readOnly: true },
    anonymousOfferId: { type: 'string', readOnly: true },
    saleIds: { type: 'list', items: { type: 'string' }, required: true },
    fulfilledAt: { type: 'string' },
    /** Absent on rows written before channels: read from the offer ids (fromOrderRow). */
    channel: { type: ORDER_CHANNELS, readOnly: true },
    buyer: { type: 'any', readOnly: true },
    paymentReference: { type: 'string', readOnly: true },
    ...common.timestampAttributes,
  },
  indexes: {
    byStore: common.ownedIndex('storeUserId', ['id']),
    byStatus: common.ownedByStatusIndex('gsi1', 'storeUserId', 'status', ['id']),
  },
});

export type OrderRow = EntityItem<typeof orderEntity>;

const orderLines = z.array(orderLineSchema);
/** The table layer leaves a document's null fields out, so an absent line2 is read back as null. */
const storedBuyer = z.nullable(
  z.extend(orderBuyerSchema, {
    shipping: z.extend(orderBuyerSchema.shape.shipping, { line2: z.optional(z.nullable(z.string())) }),
  }),
);
const fromStoredBuyer = (value: unknown): OrderRecord['buyer'] => {
  const buyer = z.parse(storedBuyer, value ?? null);
  return buyer && { ...buyer, shipping: { ...buyer.shipping, line2: buyer.shipping.line2 ?? null } };
};

/**
 * The one mapping that does more than nulls: the counterparty is stored flat, as attributes
 * of its own, so the store's orders can be read without parsing a document.
 */
export function toOrderRow(record: OrderRecord) {
  const { counterparty, ...rest } = record;
  return toRow({
    ...rest,
    counterpartyKind: counterparty.kind,
    counterpartyClientId: counterparty.clientId,
    counterpartyUserId: counterparty.userId,
    counterpartyName: counterparty.name,
    counterpartyEmail: counterparty.email,
  });
}

export function fromOrderRow(row: OrderRow): OrderRecord {
  const {
    counterpartyKind,
    counterpartyClientId,
    counterpartyUserId,
    counterpartyName,
    counterpartyEmail,
    lines,
    channel,
    buyer,
    ...rest
  } = toRecord(orderEntity.schema, row);
  return {
    ...rest,
    // Rows from before channels: an order with an offer's id came from that offer.
    channel: channel ?? (rest.offerGroupId || rest.anonymousOfferId ? 'offer' : 'dashboard'),
    buyer: fromStoredBuyer(buyer),
    counterparty: {
      kind: counterpartyKind,
      clientId: counterpartyClientId,
      userId: counterpartyUserId,
      name: counterpartyName,
      email: counterpartyEmail,
    },
    // A document attribute: checked on the way back in.
    lines: z.parse(orderLines, lines),
  };
}
