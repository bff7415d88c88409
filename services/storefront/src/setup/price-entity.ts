/**
 * The storefront price row lives in shared/src/stock/storefront-price-entity.ts (this service
 * owns it; pricing strategies write it too), so both write it the same way.
 */
export {
  storefrontPriceEntity as priceEntity,
  type StorefrontPriceRow as PriceRow,
} from '@sneakers/shared/stock/storefront-price-entity';
