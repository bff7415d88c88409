import type { Sale, SalePaymentMethod, SaleSource } from '@sneakers/shared/contracts/sales';
import type { LANGUAGES } from '@sneakers/shared/contracts/profiles';
import type { Currency } from '@sneakers/shared/money';
import { saleProfit } from '@sneakers/shared/rules/sale-money';
import { saleRecorded } from '@sneakers/events/commerce';
import { buildEvent } from '@sneakers/events/define-event';
import type { SaleRecord } from './sale-entity';

/**
 * Building a sale, pure: shared by the sale route and an order's fulfilment (commerce-orders),
 * which writes the rows in its own transaction. No aws/electrodb imports.
 */
export interface SaleProduct {
  productCatalogId: string | null;
  sku: string;
  name: string;
  brand: string;
  colorway: string;
  imageUrl: string | null;
}

export interface SaleBuyer {
  /** One of the store's clients (checked by the caller), or null for a buyer known by name only. */
  clientId: string | null;
  buyerName: string;
}

export interface BuildSaleInput {
  storeUserId: string;
  /** A ULID. */
  id: string;
  now: Date;
  source: SaleSource;
  itemId?: string | null;
  providerId?: string | null;
  consignmentId?: string | null;
  orderId?: string | null;
  product: SaleProduct;
  size: string;
  quantity?: number;
  /** For all `quantity` pairs, like the purchase price and the fees. */
  salePrice: number;
  purchasePrice: number;
  fees?: number;
  currency: Currency;
  /** YYYY-MM-DD; defaults to `now`'s UTC date. */
  saleDate?: string;
  buyer: SaleBuyer;
  shippingCarrier?: string | null;
  trackingNumber?: string | null;
  notes?: string | null;
  /** How the buyer paid at the counter (store mode). */
  paymentMethod?: SalePaymentMethod | null;
  /** True when the sale confirmation email is queued with it (a client with an address, notify on). */
  confirmationQueued: boolean;
}

/** The API's sale: the record without its partition key. */
export function toSale(record: SaleRecord): Sale {
  const { storeUserId: _store, ...sale } = record;
  return sale;
}

/** Empty or blank text is no value. */
const textOrNull = (value: string | null | undefined) => {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
};

/** The UTC calendar date of `now` (a sale's default date). */
export const utcDate = (now: Date) => now.toISOString().slice(0, 10);

export function buildSale(input: BuildSaleInput): SaleRecord {
  const at = input.now.toISOString();
  const fees = input.fees ?? 0;
  return {
    storeUserId: input.storeUserId,
    id: input.id,
    source: input.source,
    itemId: input.itemId ?? null,
    providerId: input.providerId ?? null,
    consignmentId: input.consignmentId ?? null,
    orderId: input.orderId ?? null,
    productCatalogId: input.product.productCatalogId,
    sku: input.product.sku,
    name: input.product.name,
    brand: input.product.brand,
    colorway: input.product.colorway,
    imageUrl: input.product.imageUrl,
    size: input.size.trim(),
    quantity: input.quantity ?? 1,
    salePrice: input.salePrice,
    purchasePrice: input.purchasePrice,
    fees,
    profit: saleProfit({ salePrice: input.salePrice, purchasePrice: input.purchasePrice, fees }),
    currency: input.currency,
    saleDate: input.saleDate ?? utcDate(input.now),
    clientId: input.buyer.clientId,
    buyerName: input.buyer.buyerName.trim(),
    shippingCarrier: textOrNull(input.shippingCarrier),
    trackingNumber: textOrNull(input.trackingNumber),
    notes: textOrNull(input.notes),
    paymentMethod: input.paymentMethod ?? null,
    confirmationQueuedAt: input.confirmationQueued ? at : null,
    createdAt: at,
    updatedAt: at,
  };
}

type Language = (typeof LANGUAGES)[number];

export interface SaleEventContext {
  eventId: string;
  /** The client's address ('' for a buyer known by name only: no email). */
  clientEmail: string;
  notifyClient: boolean;
  /** From the store's profile: the email is written as the store, in its language. */
  store: { businessName: string; language: Language } | null;
}

/** `Sale.Recorded` for the outbox: everything the sale confirmation email needs. */
export function saleRecordedEvent(sale: SaleRecord, ctx: SaleEventContext) {
  return buildEvent(
    saleRecorded,
    {
      saleId: sale.id,
      storeUserId: sale.storeUserId,
      salePrice: sale.salePrice,
      currency: sale.currency,
      saleDate: sale.saleDate,
      trackingNumber: sale.trackingNumber,
      shippingCarrier: sale.shippingCarrier,
      notes: sale.notes,
      itemName: sale.name,
      itemSku: sale.sku,
      itemBrand: sale.brand,
      size: sale.size,
      quantity: sale.quantity,
      clientName: sale.buyerName,
      clientEmail: ctx.clientEmail,
      notifyClient: ctx.notifyClient,
      language: ctx.store?.language ?? 'en',
      storeBusinessName: ctx.store?.businessName ?? '',
    },
    { eventId: ctx.eventId, occurredAt: sale.createdAt },
  );
}

export type SaleRecordedEvent = ReturnType<typeof saleRecordedEvent>;

/** Whether a sale queues its confirmation email: only to a client with an address, unless turned off. */
export function queuesConfirmation(clientEmail: string, notifyClient: boolean | undefined): boolean {
  return clientEmail.trim() !== '' && notifyClient !== false;
}
