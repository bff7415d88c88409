import type { OrderLine } from '@sneakers/shared/contracts/orders';
import { CURRENCIES, type Currency } from '@sneakers/shared/money';
import { takeSize } from '@sneakers/shared/rules/stock';
import { TransactionBusyError } from '@sneakers/shared/table/transaction';
import { buildEvent, orderCreated, type storefrontCheckoutPaid } from '@sneakers/events';
import type * as z from 'zod/mini';
import { buildOrder } from '../orders/order-record';
import type { OrderRecord } from '../orders/ports';
import type { ItemTake } from '../offer-orders/ports';
import type { StorefrontOrdersDeps } from './ports';

/**
 * Online orders (docs/product/commerce.md#online-orders): a paid storefront checkout becomes
 * a paid sale order, and its pair leaves the item, in one transaction, once per checkout.
 */
export type CheckoutPaid = z.output<typeof storefrontCheckoutPaid.data>;

/** Said on the order and in the store's notification when the pair was gone at payment time. */
export const STOCK_MISSING_NOTE =
  'The pair was no longer in stock when the payment arrived: refund or replace it.';

/** An item that changed between the read and the transaction is read again this often. */
const ATTEMPTS = 3;

const isCurrency = (code: string): code is Currency => CURRENCIES.some((c) => c === code);

/** The lists a storefront sells from (docs/product/online-store.md). */
const isStorefrontList = (value: string | null): value is 'inventory' | 'wts' =>
  value === 'inventory' || value === 'wts';

/** The pair's item with its size taken, or null when there is nothing to take (virtual, or gone). */
async function takeOf(deps: StorefrontOrdersDeps, paid: CheckoutPaid, now: Date) {
  if (!paid.itemId || !isStorefrontList(paid.listType)) return { item: null, take: null };
  const item = await deps.repo.getItem(paid.storeUserId, paid.listType, paid.itemId);
  if (!item) return { item: null, take: null };
  const outcome = takeSize(item, paid.size, now);
  const take: ItemTake | null = outcome.ok ? { next: outcome.next, beforeUpdatedAt: item.updatedAt } : null;
  return { item, take };
}

function orderCreatedEvent(record: OrderRecord, paid: CheckoutPaid, stockMissing: boolean, eventId: string) {
  return buildEvent(
    orderCreated,
    {
      orderId: record.id,
      storeUserId: record.storeUserId,
      storeBusinessName: record.storeBusinessName,
      kind: record.kind,
      status: record.status,
      channel: record.channel,
      checkoutId: paid.checkoutId,
      shareId: record.shareId,
      total: record.total,
      currency: record.currency,
      buyerName: record.counterparty.name,
      buyerEmail: record.counterparty.email,
      buyerLocale: paid.buyer.locale,
      lines: record.lines.map(({ name, sku, size, quantity, unitPrice }) => ({
        name,
        sku,
        size,
        quantity,
        unitPrice,
      })),
      stockMissing,
      createdAt: record.createdAt,
    },
    { eventId, occurredAt: record.createdAt },
  );
}

/**
 * Storefront.CheckoutPaid → the paid order. The order's id is the checkout's, so a redelivered
 * event fails the order's conditional create and writes nothing ('duplicate'). A pair sold
 * elsewhere during the hold still gives a paid order (the buyer paid), with a note saying so.
 */
export async function recordStorefrontOrder(
  deps: StorefrontOrdersDeps,
  paid: CheckoutPaid,
): Promise<'created' | 'duplicate'> {
  const existing = await deps.repo.getOrder(paid.storeUserId, paid.checkoutId);
  if (existing) return 'duplicate';
  const store = await deps.repo.getStore(paid.storeUserId);
  const virtualCost =
    paid.virtualProductId && !paid.itemId
      ? await deps.repo.getVirtualProductCost(paid.storeUserId, paid.virtualProductId)
      : null;
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const now = deps.clock.now();
    const { item, take } = await takeOf(deps, paid, now);
    const stockMissing = paid.itemId !== null && take === null;
    const line: OrderLine = {
      id: deps.ids.next(),
      productCatalogId: paid.line.productCatalogId,
      productVariantId: paid.line.productVariantId,
      itemId: paid.itemId,
      sku: paid.line.sku,
      name: paid.line.name,
      brand: paid.line.brand,
      colorway: paid.line.colorway,
      imageUrl: paid.line.imageUrl,
      size: paid.size,
      quantity: 1,
      unitPrice: paid.amount,
      unitCost: item ? item.purchasePrice : virtualCost,
    };
    const record = buildOrder({
      id: paid.checkoutId,
      kind: 'sale',
      status: 'paid',
      channel: 'storefront',
      storeUserId: paid.storeUserId,
      store,
      counterparty: {
        kind: 'contact',
        clientId: null,
        userId: null,
        name: paid.buyer.name,
        email: paid.buyer.email,
      },
      lines: [line],
      currency: isCurrency(paid.currency) ? paid.currency : null,
      notes: stockMissing ? STOCK_MISSING_NOTE : null,
      shareId: deps.shareIds.next(),
      offerGroupId: null,
      anonymousOfferId: null,
      buyer: { phone: paid.buyer.phone, shipping: paid.buyer.shipping, locale: paid.buyer.locale },
      paymentReference: paid.paymentIntentId,
      at: now.toISOString(),
    });
    const event = orderCreatedEvent(record, paid, stockMissing, deps.ids.next());
    const outcome = await deps.repo.createStorefrontOrder(record, take, event);
    if (outcome === 'committed') return 'created';
    if (outcome === 'duplicate') return 'duplicate';
    // 'stale': the item changed since it was read (a sale, an edit); read it again.
  }
  throw new TransactionBusyError();
}
