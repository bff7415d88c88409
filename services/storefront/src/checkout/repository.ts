import * as z from 'zod/mini';
import { STOREFRONT_LOCALES } from '@sneakers/shared/contracts/storefront';
import { idempotencyEntity } from '@sneakers/shared/idempotency/entity';
import { itemEntity } from '@sneakers/shared/stock/item-entity';
import type { DocumentClient } from '@sneakers/shared/table/client';
import { profileView } from '@sneakers/shared/views/profile-view';
import { Service, toRecord, toRow, type TransactionItem } from '@sneakers/shared/table/entity';
import { outboxEntity, outboxItem } from '@sneakers/shared/table/outbox';
import { conditional, transact } from '@sneakers/shared/table/transaction';
import { productEntity, type ProductOffer } from '../catalog/product-entity';
import { setupEntity } from '../setup/setup-entity';
import { checkoutEntity, type CheckoutRow } from './checkout-entity';
import { holdEntity } from './hold-entity';
import type { CheckoutRecord, CheckoutRepository, CreateOutcome } from './ports';

/** A lapsed hold's row stays a day for the record, then DynamoDB's TTL removes it. */
const HOLD_TTL_AFTER_SECONDS = 24 * 3600;

/** The buyer as stored: nulls (line 2) are absent attributes, at every depth. */
const storedBuyer = z.object({
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  locale: z.enum(STOREFRONT_LOCALES),
  shipping: z.object({
    line1: z.string(),
    line2: z.optional(z.string()),
    city: z.string(),
    postalCode: z.string(),
    country: z.string(),
  }),
});

function fromRow(row: CheckoutRow): CheckoutRecord {
  const record = toRecord(checkoutEntity.schema, row);
  const listType = record.listType === 'inventory' || record.listType === 'wts' ? record.listType : null;
  const buyer = z.parse(storedBuyer, record.buyer);
  return {
    ...record,
    listType,
    buyer: { ...buyer, shipping: { ...buyer.shipping, line2: buyer.shipping.line2 ?? null } },
  };
}

/**
 * Access patterns: GetItem of the set-up, the product row, the item (consistent) and the
 * checkout (consistent); a checkout's creation is ONE TransactWriteItems: the idempotency
 * claim (absent), the hold (absent or lapsed), a ConditionCheck of the item's `updatedAt` as
 * read, the checkout (absent). Closing is a conditional update (status open), the hold's
 * release a conditional delete (still this checkout's); paying is the checkout's update
 * (not yet paid) with its outbox event in one transaction.
 */
export function createCheckoutRepository(client: DocumentClient, table: string): CheckoutRepository {
  const service = new Service(
    {
      checkout: checkoutEntity,
      hold: holdEntity,
      item: itemEntity,
      idempotency: idempotencyEntity,
      outbox: outboxEntity,
    },
    { client, table },
  );
  const { checkout, hold } = service.entities;
  const setup = setupEntity.withConfig({ client, table });
  const profile = profileView.withConfig({ client, table });
  const product = productEntity.withConfig({ client, table });
  const item = itemEntity.withConfig({ client, table });

  return {
    async getSetup(storeUserId) {
      const [{ data }, owner] = await Promise.all([
        setup.get({ storeUserId }).go({ attributes: ['enabled', 'name'] }),
        profile.get({ userId: storeUserId }).go({ attributes: ['closingSince'] }),
      ]);
      return data
        ? { enabled: data.enabled, name: data.name, closing: Boolean(owner.data?.closingSince) }
        : null;
    },
    async getProduct(storeUserId, productId) {
      const { data } = await product.get({ storeUserId, productId }).go({ consistent: true });
      if (!data) return null;
      return {
        productId: data.productId,
        productCatalogId: data.productCatalogId ?? null,
        name: data.name,
        brand: data.brand,
        sku: data.sku,
        colorway: data.colorway,
        imageUrl: data.imageUrl ?? null,
        currency: data.currency,
        offers: Array.isArray(data.offers) ? (data.offers as ProductOffer[]) : [],
      };
    },
    async getItem(storeUserId, listType, itemId) {
      const { data } = await item.get({ userId: storeUserId, listType, id: itemId }).go({ consistent: true });
      return data ? { status: data.status, sizes: data.sizes, updatedAt: data.updatedAt } : null;
    },
    async createCheckout(record, claim, request) {
      const e = service.entities;
      const items: TransactionItem[] = [e.idempotency.create(claim).commit()];
      const conditions: (CreateOutcome | null)[] = ['duplicate'];
      if (request) {
        items.push(
          e.hold
            .put({
              storeUserId: record.storeUserId,
              itemId: request.itemId,
              size: request.size,
              checkoutId: record.checkoutId,
              expiresAt: record.holdExpiresAt,
              ttl: Math.floor(Date.parse(record.holdExpiresAt) / 1000) + HOLD_TTL_AFTER_SECONDS,
            })
            .where(
              ({ expiresAt }, { notExists, lte }) =>
                `(${notExists(expiresAt)} OR ${lte(expiresAt, request.now)})`,
            )
            .commit(),
          e.item
            .check({ userId: record.storeUserId, listType: request.listType, id: request.itemId })
            .where(({ updatedAt }, { eq }) => eq(updatedAt, request.itemUpdatedAt))
            .commit(),
        );
        conditions.push('held', 'changed');
      }
      items.push(e.checkout.create(toRow(record)).commit());
      conditions.push(null);
      return transact(() => service.transaction.write(() => items).go(), conditions);
    },
    async attachSession(record, sessionId, url, now) {
      await checkout
        .patch({ storeUserId: record.storeUserId, checkoutId: record.checkoutId })
        .set({ sessionId, sessionUrl: url, updatedAt: now })
        .go();
    },
    async getCheckout(storeUserId, checkoutId) {
      const { data } = await checkout.get({ storeUserId, checkoutId }).go({ consistent: true });
      return data ? fromRow(data) : null;
    },
    close(record, status, now) {
      return conditional(
        () =>
          checkout
            .patch({ storeUserId: record.storeUserId, checkoutId: record.checkoutId })
            .set({ status, updatedAt: now })
            .where(({ status: s }, { eq }) => eq(s, 'open'))
            .go(),
        'stale',
      );
    },
    async releaseHold(record) {
      if (!record.itemId) return;
      // A lapsed hold may already be another buyer's: only this checkout's own is deleted.
      await conditional(
        () =>
          hold
            .delete({ storeUserId: record.storeUserId, itemId: record.itemId ?? '', size: record.size })
            .where(({ checkoutId }, { eq }) => eq(checkoutId, record.checkoutId))
            .go(),
        'notOurs',
      );
    },
    async markPaid(record, paid, event) {
      return transact(
        () =>
          service.transaction
            .write(({ checkout: c, outbox }) => [
              c
                .patch({ storeUserId: record.storeUserId, checkoutId: record.checkoutId })
                .set({
                  status: 'paid',
                  paidAt: paid.paidAt,
                  updatedAt: paid.paidAt,
                  ...(paid.paymentIntentId ? { paymentIntentId: paid.paymentIntentId } : {}),
                })
                .where(({ status }, { ne }) => ne(status, 'paid'))
                .commit(),
              outbox.create(outboxItem(event)).commit(),
            ])
            .go(),
        ['stale'],
      );
    },
    async recordOrder(storeUserId, checkoutId, shareId, now) {
      await conditional(
        () => checkout.patch({ storeUserId, checkoutId }).set({ orderShareId: shareId, updatedAt: now }).go(),
        'missing',
      );
    },
  };
}
