import * as z from 'zod/mini';
import type { DocumentClient } from '@sneakers/shared/table/client';
import { Service } from '@sneakers/shared/table/entity';
import { storefrontProductView, storefrontSetupView } from '@sneakers/shared/views/storefront-product-view';
import type { StorefrontTargets } from './ports';
import { productOffers } from './storefront-target';

/**
 * Access patterns: one GetItem of the storefront's set-up row and one projected GetItem of the
 * product row (the storefront service's rows, `pk = storeUserId`), through the shared read-only
 * views. The product's `offers` document is checked on the way in.
 */
export function createStorefrontReads(client: DocumentClient, table: string): StorefrontTargets {
  const { product, setup } = new Service(
    { product: storefrontProductView, setup: storefrontSetupView },
    { client, table },
  ).entities;
  return {
    async getStorefrontEnabled(storeUserId) {
      const { data } = await setup.get({ storeUserId }).go({ attributes: ['storeUserId', 'enabled'] });
      return data ? data.enabled : null;
    },
    async getStorefrontProduct(storeUserId, productId) {
      const { data } = await product
        .get({ storeUserId, productId })
        .go({ attributes: ['storeUserId', 'productId', 'name', 'sku', 'currency', 'offers'] });
      if (!data) return null;
      return {
        productId: data.productId,
        name: data.name,
        sku: data.sku,
        currency: data.currency,
        offers: z.parse(productOffers, data.offers),
      };
    },
  };
}
