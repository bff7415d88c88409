import {
  MARKETPLACE_LIMIT_DEFAULT,
  MARKETPLACE_LIMIT_MAX,
  type BodyOf,
  type callMarketplace,
} from '@sneakers/shared';

export type MarketplaceCall = BodyOf<typeof callMarketplace>;

/** Which input a validation message belongs to, and its key under `marketplaceTools.api.validation`. */
export type CallField = 'query' | 'limit' | 'productId' | 'variantId';
export type CallErrors = Partial<Record<CallField, CallField>>;

export type Checked = { ok: true; body: MarketplaceCall } | { ok: false; errors: CallErrors };

/** The limit as typed: empty means the default (20); otherwise a whole number 1-50 (docs/product/catalogue.md#marketplace-api-test-page). */
export function parseLimit(text: string): number | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return MARKETPLACE_LIMIT_DEFAULT;
  if (!/^\d+$/.test(trimmed)) return undefined;
  const limit = Number(trimmed);
  return limit >= 1 && limit <= MARKETPLACE_LIMIT_MAX ? limit : undefined;
}

/** Search needs a query; limit 1 to 50 (docs/product/catalogue.md#marketplace-api-test-page). */
export function searchCall(query: string, limitText: string): Checked {
  const errors: CallErrors = {};
  const q = query.trim();
  const limit = parseLimit(limitText);
  if (!q) errors.query = 'query';
  if (limit === undefined) errors.limit = 'limit';
  if (!q || limit === undefined) return { ok: false, errors };
  return { ok: true, body: { action: 'search_catalog', query: q, limit } };
}

export type ProductAction = 'get_product' | 'get_product_variants' | 'get_product_variant';

/** Product and variant actions need their id (docs/product/catalogue.md#marketplace-api-test-page). */
export function productCall(action: ProductAction, productId: string, variantId: string): Checked {
  const errors: CallErrors = {};
  const product = productId.trim();
  const variant = variantId.trim();
  if (!product) errors.productId = 'productId';
  if (action === 'get_product_variant' && !variant) errors.variantId = 'variantId';
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    body:
      action === 'get_product_variant'
        ? { action, productId: product, variantId: variant }
        : { action, productId: product },
  };
}

/** Market data: of the variant when its id is given, else of the whole product. */
export function marketDataCall(productId: string, variantId: string): Checked {
  const product = productId.trim();
  const variant = variantId.trim();
  if (!product) return { ok: false, errors: { productId: 'productId' } };
  return {
    ok: true,
    body: variant
      ? { action: 'get_market_data_variant', productId: product, variantId: variant }
      : { action: 'get_market_data_product', productId: product },
  };
}
