import {
  bookingCreated,
  bookingUpdated,
  consignmentSold,
  offerReceived,
  offerUpdated,
  orderCreated,
  orderUpdated,
  saleRecorded,
} from '@sneakers/events';
import type { WebhookEventName } from '@sneakers/shared/contracts/webhooks';
import { consumer, type Consumer, type EventEnvelope } from '@sneakers/shared/runtime/function';
import { webhooksDeps } from './deps';
import { fanOut } from './domain';

/**
 * The fan-out (docs/product/store-api.md#events): each domain event a store can subscribe to
 * becomes one delivery per subscribed, enabled endpoint of that store. Payload fields are
 * snake_case like the store API's; money in integer cents with its currency. Emails of
 * clients and providers stay out: an integrator reads them through the store API if it must.
 */
const emit = (
  envelope: EventEnvelope,
  detail: { eventId: string; occurredAt: string },
  storeUserId: string,
  event: WebhookEventName,
  data: Record<string, unknown>,
) =>
  fanOut(webhooksDeps(), {
    eventId: detail.eventId || envelope.id,
    storeUserId,
    event,
    occurredAt: detail.occurredAt,
    data,
  }).then(() => undefined);

export const webhookConsumers: Consumer[] = [
  consumer('webhooks-sale-created', saleRecorded, (detail, envelope) => {
    const d = detail.data;
    return emit(envelope, detail, d.storeUserId, 'sale.created', {
      sale_id: d.saleId,
      sale_price: d.salePrice,
      currency: d.currency,
      sale_date: d.saleDate,
      item_name: d.itemName,
      sku: d.itemSku,
      brand: d.itemBrand,
      size: d.size,
      quantity: d.quantity,
      buyer_name: d.clientName,
      tracking_number: d.trackingNumber,
      shipping_carrier: d.shippingCarrier,
    });
  }),
  consumer('webhooks-offer-received', offerReceived, (detail, envelope) => {
    const d = detail.data;
    return emit(envelope, detail, d.receiverUserId, 'offer.received', {
      offer_ids: d.offerIds,
      sender_name: d.senderName,
      items_count: d.itemsCount,
      list_type: d.listType,
      anonymous: d.anonymous,
      currency: d.currency,
      message: d.message,
      lines: d.lines,
    });
  }),
  consumer('webhooks-offer-updated', offerUpdated, (detail, envelope) => {
    const d = detail.data;
    return emit(envelope, detail, d.notifyUserId, 'offer.updated', {
      offer_id: d.offerId,
      status: d.status,
      counter_price: d.counterPrice,
      agreed_price: d.agreedPrice,
      currency: d.currency,
      item_name: d.itemName,
      actor_name: d.actorName,
      lines: d.lines,
    });
  }),
  ...(
    [
      [bookingCreated, 'booking.created'],
      [bookingUpdated, 'booking.updated'],
    ] as const
  ).map(([definition, name]) =>
    consumer(`webhooks-${name.replace('.', '-')}`, definition, (detail, envelope) => {
      const d = detail.data;
      return emit(envelope, detail, d.storeUserId, name, {
        booking_id: d.bookingId,
        client_name: d.clientName,
        item_name: d.itemName,
        sku: d.itemSku,
        size: d.size,
        sale_price: d.salePrice,
        prepaid_amount: d.prepaidAmount,
        currency: d.currency,
        status: d.status,
      });
    }),
  ),
  consumer('webhooks-order-updated', orderUpdated, (detail, envelope) => {
    const d = detail.data;
    return emit(envelope, detail, d.storeUserId, 'order.updated', {
      order_id: d.orderId,
      kind: d.kind,
      status: d.status,
      previous_status: d.previousStatus,
      total: d.total,
      currency: d.currency,
      updated_at: d.updatedAt,
    });
  }),
  consumer('webhooks-order-created', orderCreated, (detail, envelope) => {
    const d = detail.data;
    // No buyer contact: an integrator reads the order through the store API if it must.
    return emit(envelope, detail, d.storeUserId, 'order.created', {
      order_id: d.orderId,
      kind: d.kind,
      channel: d.channel,
      status: d.status,
      total: d.total,
      currency: d.currency,
      lines: d.lines.map((line) => ({
        name: line.name,
        sku: line.sku,
        size: line.size,
        quantity: line.quantity,
        unit_price: line.unitPrice,
      })),
      created_at: d.createdAt,
    });
  }),
  consumer('webhooks-consignment-sold', consignmentSold, (detail, envelope) => {
    const d = detail.data;
    return emit(envelope, detail, d.storeUserId, 'consignment.sold', {
      consignment_id: d.consignmentId,
      provider_name: d.providerName,
      item_name: d.itemName,
      sku: d.itemSku,
      size: d.size,
      price: d.price,
      currency: d.currency,
    });
  }),
];
