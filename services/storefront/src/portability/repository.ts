import type { AccountRowsEraser, EraseOutcome } from '@sneakers/shared/portability/owner';
import type { DocumentClient } from '@sneakers/shared/table/client';
import { Service } from '@sneakers/shared/table/entity';
import { cardIndexEntity } from '../catalog/card-index-entity';
import { productEntity } from '../catalog/product-entity';
import { checkoutEntity } from '../checkout/checkout-entity';
import { holdEntity } from '../checkout/hold-entity';
import { subscriptionEntity } from '../notify/subscription-entity';
import { notifyTokenEntity } from '../notify/token-entity';
import { priceEntity } from '../setup/price-entity';
import { setupEntity } from '../setup/setup-entity';

const count = (deleted: number): EraseOutcome => ({ deleted, anonymised: 0 });

/**
 * A closed account's online store (docs/product/accounts.md#closing-the-account): the set-up
 * first (without it the catalogue's projection writes nothing, so an item deleted meanwhile
 * cannot bring a product back), then the products and their card index, the store's own
 * prices, the checkouts (with their buyers; the paid ones' orders are in commerce) and holds,
 * and the "notify me" subscriptions with their confirmation links. Queries of the store's
 * partition; no Scan.
 */
export function createStorefrontEraser(client: DocumentClient, table: string): AccountRowsEraser {
  const e = new Service(
    {
      setups: setupEntity,
      products: productEntity,
      cards: cardIndexEntity,
      prices: priceEntity,
      checkouts: checkoutEntity,
      holds: holdEntity,
      subscriptions: subscriptionEntity,
      tokens: notifyTokenEntity,
    },
    { client, table },
  ).entities;

  return {
    passes: (storeUserId, limit) => [
      async () => {
        const { data } = await e.setups.get({ storeUserId }).go({ attributes: ['storeUserId'] });
        if (!data) return count(0);
        await e.setups.delete({ storeUserId }).go();
        return count(1);
      },
      async () => {
        const { data } = await e.products.query
          .byStore({ storeUserId })
          .go({ limit, attributes: ['productId'] });
        if (data.length)
          await e.products.delete(data.map(({ productId }) => ({ storeUserId, productId }))).go();
        return count(data.length);
      },
      async () => {
        const { data } = await e.cards.query.byStore({ storeUserId }).go({ limit, attributes: ['chunk'] });
        if (data.length) await e.cards.delete(data.map(({ chunk }) => ({ storeUserId, chunk }))).go();
        return count(data.length);
      },
      async () => {
        const { data } = await e.prices.query.byStore({ storeUserId }).go({ limit, attributes: ['itemId'] });
        if (data.length) await e.prices.delete(data.map(({ itemId }) => ({ storeUserId, itemId }))).go();
        return count(data.length);
      },
      async () => {
        const { data } = await e.checkouts.query
          .byStore({ storeUserId })
          .go({ limit, attributes: ['checkoutId'] });
        if (data.length)
          await e.checkouts.delete(data.map(({ checkoutId }) => ({ storeUserId, checkoutId }))).go();
        return count(data.length);
      },
      async () => {
        const { data } = await e.holds.query
          .byPair({ storeUserId })
          .go({ limit, attributes: ['itemId', 'size'] });
        if (data.length)
          await e.holds.delete(data.map(({ itemId, size }) => ({ storeUserId, itemId, size }))).go();
        return count(data.length);
      },
      async () => {
        const { data } = await e.subscriptions.query
          .byStore({ storeUserId })
          .go({ limit, attributes: ['productId', 'sizeKey', 'email', 'confirmTokenHash'] });
        if (!data.length) return count(0);
        await e.tokens.delete(data.map(({ confirmTokenHash }) => ({ tokenHash: confirmTokenHash }))).go();
        await e.subscriptions
          .delete(data.map(({ productId, sizeKey, email }) => ({ storeUserId, productId, sizeKey, email })))
          .go();
        return count(data.length * 2);
      },
    ],
  };
}
