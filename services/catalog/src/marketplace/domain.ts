import { requireSuperuser, requireUser, type Actor } from '@sneakers/shared/actor';
import type { MarketplaceAction } from '@sneakers/shared/contracts/catalog-tools';
import { MARKETPLACE_LIMIT_DEFAULT } from '@sneakers/shared/contracts/catalog';
import { ValidationError } from '@sneakers/shared/errors';
import { takeOrRefuse, type RateLimit } from '@sneakers/shared/rate-limit/rate-limit';
import type { MarketplaceCallDeps, MarketplaceCallInput, RefreshDeps, RefreshResult } from './ports';

/**
 * Marketplace calls from the test page: each costs the API quota every user shares, so
 * each user gets a budget per minute (the page makes one call per click).
 */
export const MARKETPLACE_CALL_LIMIT: RateLimit = { limit: 30, windowMs: 60_000 };
export const MARKETPLACE_RATE_MESSAGE = 'Too many marketplace API calls. Try again in a minute.';

export const SEARCH_QUERY_REQUIRED = 'Enter a search query';
export const PRODUCT_ID_REQUIRED = 'Enter a product ID';
export const VARIANT_ID_REQUIRED = 'Enter a variant ID';

const NEEDS_PRODUCT: readonly MarketplaceAction[] = [
  'get_product',
  'get_product_variants',
  'get_product_variant',
  'get_market_data_product',
  'get_market_data_variant',
];
const NEEDS_VARIANT: readonly MarketplaceAction[] = ['get_product_variant', 'get_market_data_variant'];

/** Search needs a query; product and variant actions need their ids (docs/product/catalogue.md#marketplace-api-test-page). */
function requiredFields(input: MarketplaceCallInput): {
  query: string;
  productId: string;
  variantId: string;
} {
  const fields: Record<string, string[]> = {};
  const query = input.query?.trim() ?? '';
  const productId = input.productId?.trim() ?? '';
  const variantId = input.variantId?.trim() ?? '';
  if (input.action === 'search_catalog' && !query) fields.query = [SEARCH_QUERY_REQUIRED];
  if (NEEDS_PRODUCT.includes(input.action) && !productId) fields.productId = [PRODUCT_ID_REQUIRED];
  if (NEEDS_VARIANT.includes(input.action) && !variantId) fields.variantId = [VARIANT_ID_REQUIRED];
  const first = Object.values(fields)[0]?.[0];
  if (first) throw new ValidationError(first, fields);
  return { query, productId, variantId };
}

/**
 * One call of the marketplace API test page: `{ success: true, data }`. An upstream
 * failure is not an answer of this function but the gateway's: it throws the
 * MarketplaceError, which the pipeline answers 502 MARKETPLACE_ERROR with its message
 * (404 MARKETPLACE_NOT_FOUND for an id the marketplace does not know), so every client
 * sees a failed call as a failed HTTP call; the page shows 'API Call Failed' and the text.
 */
export async function callMarketplace(
  deps: MarketplaceCallDeps,
  actor: Actor,
  input: MarketplaceCallInput,
): Promise<{ success: true; data: unknown }> {
  const user = requireUser(actor);
  const { query, productId, variantId } = requiredFields(input);
  await takeOrRefuse(
    deps.limiter,
    `marketplace-call#${user.userId}`,
    MARKETPLACE_CALL_LIMIT,
    deps.clock.now(),
    MARKETPLACE_RATE_MESSAGE,
  );
  const api = deps.marketplace;
  const data = await (async (): Promise<unknown> => {
    switch (input.action) {
      case 'search_catalog':
        return api.searchCatalog(query, {
          pageNumber: 1,
          pageSize: input.limit ?? MARKETPLACE_LIMIT_DEFAULT,
        });
      case 'get_product':
        return api.getProduct(productId);
      case 'get_product_variants':
        return api.getProductVariants(productId);
      case 'get_product_variant':
        return api.getProductVariant(productId, variantId);
      case 'get_market_data_product':
        return api.getMarketDataProduct(productId);
      case 'get_market_data_variant':
        return api.getMarketDataVariant(productId, variantId);
    }
  })();
  return { success: true, data };
}

/**
 * The refresh-variants modal (superusers): the product's variants as the marketplace has
 * them now (never from the cache), mapped, replacing the catalogue's. An answer with no
 * usable size leaves the catalogue's variants alone rather than deleting them all.
 */
export async function refreshProductVariants(
  deps: RefreshDeps,
  actor: Actor,
  productId: string,
): Promise<RefreshResult> {
  requireSuperuser(actor);
  const { product } = await deps.getProduct(productId);
  return deps.replaceVariants(productId, await deps.variantsOf(product));
}
