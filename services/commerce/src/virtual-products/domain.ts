import type * as z from 'zod/mini';
import { requireUser, requireWriter, type Actor } from '@sneakers/shared/actor';
import {
  virtualProductSchema,
  type VirtualProduct,
  type virtualProductCreateSchema,
  type virtualProductUpdateSchema,
} from '@sneakers/shared/contracts/virtual-products';
import { V1_PAGE_SIZE_DEFAULT, type V1VirtualProduct } from '@sneakers/shared/contracts/store-api-v1';
import { ConflictError, NotFoundError } from '@sneakers/shared/errors';
import { beginIdempotent } from '@sneakers/shared/idempotency/idempotency';
import { DEFAULT_CURRENCY } from '@sneakers/shared/money';
import { mapPage, type Page, type PageRequest } from '@sneakers/shared/paging/page';
import { normalizeSizes } from '@sneakers/shared/sizes';
import type { VirtualProductChanges, VirtualProductsDeps } from './ports';
import type { VirtualProductRecord } from './virtual-product-entity';

/**
 * Virtual products (issue 14): what a store sells without holding stock. Selling one is a
 * sale (source `virtual`, see ../sales); a product with sales is kept (deactivate it).
 */
export type VirtualProductInput = z.output<typeof virtualProductCreateSchema>;
export type VirtualProductUpdateInput = z.output<typeof virtualProductUpdateSchema>;

const notFound = () => new NotFoundError('Virtual product not found.', 'VIRTUAL_PRODUCT_NOT_FOUND');

const textOrNull = (value: string | null | undefined) => value?.trim() || null;

/** The API's virtual product: the record without its partition key. */
export function toVirtualProduct(record: VirtualProductRecord): VirtualProduct {
  const { storeUserId: _store, ...product } = record;
  return product;
}

export function newVirtualProduct(
  storeUserId: string,
  input: VirtualProductInput,
  meta: { id: string; now: Date; defaultCurrency: VirtualProduct['currency'] },
): VirtualProductRecord {
  const at = meta.now.toISOString();
  return {
    storeUserId,
    id: meta.id,
    productCatalogId: textOrNull(input.productCatalogId),
    productVariantId: textOrNull(input.productVariantId),
    sku: input.sku.trim(),
    name: input.name.trim(),
    brand: input.brand?.trim() ?? '',
    colorway: input.colorway?.trim() ?? '',
    imageUrl: input.imageUrl ?? null,
    price: input.price,
    costPrice: input.costPrice ?? null,
    currency: input.currency ?? meta.defaultCurrency,
    sizes: normalizeSizes(input.sizes),
    active: input.active ?? true,
    notes: textOrNull(input.notes),
    soldCount: 0,
    createdAt: at,
    updatedAt: at,
  };
}

/** The update as stored: texts trimmed (blank optional text is null), sizes normalised. */
export function virtualProductChanges(input: VirtualProductUpdateInput, now: Date): VirtualProductChanges {
  const changes: VirtualProductChanges = { updatedAt: now.toISOString() };
  if (input.productCatalogId !== undefined) changes.productCatalogId = textOrNull(input.productCatalogId);
  if (input.productVariantId !== undefined) changes.productVariantId = textOrNull(input.productVariantId);
  if (input.sku !== undefined) changes.sku = input.sku.trim();
  if (input.name !== undefined) changes.name = input.name.trim();
  if (input.brand !== undefined) changes.brand = input.brand.trim();
  if (input.colorway !== undefined) changes.colorway = input.colorway.trim();
  if (input.imageUrl !== undefined) changes.imageUrl = input.imageUrl;
  if (input.price !== undefined) changes.price = input.price;
  if (input.costPrice !== undefined) changes.costPrice = input.costPrice;
  if (input.currency !== undefined) changes.currency = input.currency;
  if (input.sizes !== undefined) changes.sizes = normalizeSizes(input.sizes);
  if (input.active !== undefined) changes.active = input.active;
  if (input.notes !== undefined) changes.notes = textOrNull(input.notes);
  return changes;
}

export async function listVirtualProducts(
  deps: Pick<VirtualProductsDeps, 'repo'>,
  actor: Actor,
  page: PageRequest,
): Promise<Page<VirtualProduct>> {
  const user = requireUser(actor);
  return mapPage(await deps.repo.list(user.userId, page), toVirtualProduct);
}

export async function getVirtualProduct(
  deps: Pick<VirtualProductsDeps, 'repo'>,
  actor: Actor,
  id: string,
): Promise<VirtualProduct> {
  const user = requireUser(actor);
  const record = await deps.repo.get(user.userId, id);
  if (!record) throw notFound();
  return toVirtualProduct(record);
}

/** 201, or the first result (200) for a retry with the same Idempotency-Key. */
export async function createVirtualProduct(
  deps: VirtualProductsDeps,
  actor: Actor,
  headers: Record<string, string>,
  input: VirtualProductInput,
): Promise<{ virtualProduct: VirtualProduct; created: boolean }> {
  const user = requireWriter(actor);
  const now = deps.clock.now();
  const request = await beginIdempotent({
    store: deps.idempotency,
    scope: `commerce.virtualProduct#${user.userId}`,
    headers,
    request: input,
    now,
    result: virtualProductSchema,
  });
  if (request.replay) return { virtualProduct: request.replay, created: false };
  const defaultCurrency = input.currency ?? (await deps.repo.storeCurrency(user.userId)) ?? DEFAULT_CURRENCY;
  const record = newVirtualProduct(user.userId, input, { id: deps.ids.next(), now, defaultCurrency });
  const virtualProduct = toVirtualProduct(record);
  if ((await deps.repo.create(record, request.claim(virtualProduct))) === 'duplicate')
    return { virtualProduct: await request.winner(), created: false };
  return { virtualProduct, created: true };
}

export async function updateVirtualProduct(
  deps: Pick<VirtualProductsDeps, 'repo' | 'clock'>,
  actor: Actor,
  id: string,
  input: VirtualProductUpdateInput,
): Promise<VirtualProduct> {
  const user = requireWriter(actor);
  const record = await deps.repo.update(user.userId, id, virtualProductChanges(input, deps.clock.now()));
  if (!record) throw notFound();
  return toVirtualProduct(record);
}

/** Only a product that never sold: its sales point at it (deactivate it instead). */
export async function deleteVirtualProduct(
  deps: Pick<VirtualProductsDeps, 'repo'>,
  actor: Actor,
  id: string,
): Promise<void> {
  const user = requireWriter(actor);
  const outcome = await deps.repo.remove(user.userId, id);
  if (outcome === 'missing') throw notFound();
  if (outcome === 'hasSales')
    throw new ConflictError(
      'This product has sales and cannot be deleted. Deactivate it instead.',
      'VIRTUAL_PRODUCT_HAS_SALES',
    );
}

/** A virtual product as `GET /v1/virtual-products` answers it (docs/product/store-api.md#v1-routes). */
export function toV1VirtualProduct(product: VirtualProduct): V1VirtualProduct {
  return {
    id: product.id,
    sku: product.sku,
    name: product.name,
    brand: product.brand,
    colorway: product.colorway,
    image_url: product.imageUrl,
    price: product.price,
    currency: product.currency,
    sizes: product.sizes,
    active: product.active,
    product_id: product.productCatalogId,
    created_at: product.createdAt,
  };
}

/** The key's store's virtual products, newest first, for the store API. */
export async function listV1VirtualProducts(
  deps: Pick<VirtualProductsDeps, 'repo'>,
  actor: Actor,
  page: PageRequest,
): Promise<Page<V1VirtualProduct>> {
  const products = await listVirtualProducts(deps, actor, {
    cursor: page.cursor,
    limit: page.limit ?? V1_PAGE_SIZE_DEFAULT,
  });
  return mapPage(products, toV1VirtualProduct);
}
