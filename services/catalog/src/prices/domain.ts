import { requireUser, type Actor } from '@sneakers/shared/actor';
import type { ResponseOf } from '@sneakers/shared/contracts/contract';
import type { getV1Prices } from '@sneakers/shared/contracts/store-api-v1';
import { getProductWithVariants } from '../products/domain';
import type { PricesDeps, StoreItemPrice } from './ports';

/**
 * `GET /v1/prices/{productId}` (docs/product/store-api.md#v1-routes): the key's store's own
 * inventory items of a catalogue product with their asking prices, beside the market data the
 * catalogue holds (the retail price, per size variant too). The catalogue is everyone's, so a
 * product id is never another store's; the store prices are only ever the caller's own.
 */
export type V1Prices = ResponseOf<typeof getV1Prices>;

export function toV1Prices(
  detail: Awaited<ReturnType<typeof getProductWithVariants>>,
  items: readonly StoreItemPrice[],
): V1Prices {
  const { product, variants } = detail;
  return {
    product: {
      id: product.id,
      sku: product.sku,
      name: product.name,
      brand: product.brand,
      image_url: product.imageUrl,
    },
    store_prices: items.map((item) => ({
      item_id: item.id,
      sizes: item.sizes,
      status: item.status,
      price: item.askingPrice,
      currency: item.currency,
    })),
    market: {
      retail_price: product.retailPrice,
      currency: product.currency,
      variants: variants.map((variant) => ({
        variant_id: variant.id,
        label: variant.label,
        size_eu: variant.size.eu,
        size_us_m: variant.size.usM,
        retail_price: variant.retailPrice,
      })),
    },
  };
}

export async function readV1Prices(deps: PricesDeps, actor: Actor, productId: string): Promise<V1Prices> {
  const user = requireUser(actor);
  const [detail, items] = await Promise.all([
    getProductWithVariants(deps, productId),
    deps.storeItems.ofProduct(user.userId, productId),
  ]);
  return toV1Prices(detail, items);
}
