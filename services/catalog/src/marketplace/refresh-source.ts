import type { Product, VariantInput } from '@sneakers/shared/contracts/catalog';
import { NotFoundError } from '@sneakers/shared/errors';
import type { MarketplaceClient } from './client';
import { MarketplaceError } from './errors';
import { mapVariants } from './mapping';

const skuKey = (sku: string) => sku.toUpperCase().replace(/[^A-Z0-9]/g, '');

/** The marketplace's id of a catalogue product: stored, else found by searching its style code. */
async function marketplaceIdOf(api: MarketplaceClient, product: Product): Promise<string> {
  if (product.marketplaceProductId) return product.marketplaceProductId;
  const found = await api.searchCatalog(product.sku, { pageNumber: 1, pageSize: 10 });
  const match = found.products.find((p) => p.styleId && skuKey(p.styleId) === skuKey(product.sku));
  if (!match)
    throw new NotFoundError(
      `No marketplace product has the style code ${product.sku}.`,
      'MARKETPLACE_NOT_FOUND',
    );
  return match.productId;
}

/**
 * The refresh-variants modal's read (catalog-fetcher): the product's variants as the
 * marketplace has them now (never from the cache), mapped. An answer with no usable size
 * fails rather than letting the catalogue's variants all be deleted.
 */
export async function marketplaceVariantsOf(
  api: MarketplaceClient,
  product: Product,
): Promise<VariantInput[]> {
  const marketplaceId = await marketplaceIdOf(api, product);
  const upstream = await api.getProductVariants(marketplaceId, { fresh: true });
  const { variants } = mapVariants(upstream, {
    brand: product.brand,
    gender: product.gender,
    retailPrice: product.retailPrice,
  });
  if (variants.length === 0)
    throw new MarketplaceError(
      'The marketplace has no usable sizes for this product; its variants were left as they are.',
      null,
    );
  return variants;
}
