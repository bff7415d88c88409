import { CHECKOUT_STATUSES } from '@sneakers/shared/contracts/storefront';
import { ownerAttribute, timestampAttributes } from '@sneakers/shared/table/common-attributes';
import { CURRENCIES } from '@sneakers/shared/money';
import { ELECTRO_SERVICE } from '@sneakers/shared/table/definition';
import { Entity, type EntityItem } from '@sneakers/shared/table/entity';

/**
 * One storefront checkout (docs/product/online-store.md#buying), in the store's partition
 * (`pk = storeUserId`, `sk = checkoutId`): what the buyer is paying for, who they are and
 * where the pair ships, the provider's session, and how it ended. Absent optional attributes
 * stand for null. Only checkout's routes and consumers read it; the buyer's details leave it
 * only in `Storefront.CheckoutPaid` (the paid order's counterparty).
 */
export const checkoutEntity = new Entity({
  model: { entity: 'storefrontCheckout', version: '1', service: ELECTRO_SERVICE },
  attributes: {
    storeUserId: ownerAttribute,
    checkoutId: { type: 'string', required: true, readOnly: true },
    status: { type: CHECKOUT_STATUSES, required: true },
    productId: { type: 'string', required: true },
    productName: { type: 'string', required: true },
    imageUrl: { type: 'string' },
    size: { type: 'string', required: true },
    amount: { type: 'number', required: true },
    currency: { type: CURRENCIES, required: true },
    /** The pair's source (ProductOffer, without its public fields). */
    itemId: { type: 'string' },
    listType: { type: 'string' },
    virtualProductId: { type: 'string' },
    productCatalogId: { type: 'string' },
    productVariantId: { type: 'string' },
    sku: { type: 'string', required: true },
    brand: { type: 'string', required: true },
    colorway: { type: 'string', required: true },
    /** CheckoutBuyer: name, email, phone, locale, shipping address. */
    buyer: { type: 'any', required: true },
    holdExpiresAt: { type: 'string', required: true },
    sessionId: { type: 'string' },
    sessionUrl: { type: 'string' },
    paymentIntentId: { type: 'string' },
    paidAt: { type: 'string' },
    orderShareId: { type: 'string' },
    ...timestampAttributes,
  },
  indexes: {
    byStore: {
      pk: { field: 'pk', composite: ['storeUserId'] },
      sk: { field: 'sk', composite: ['checkoutId'] },
    },
  },
});

export type CheckoutRow = EntityItem<typeof checkoutEntity>;
