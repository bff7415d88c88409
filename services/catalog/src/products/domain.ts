import * as z from 'zod/mini';
import { requireSuperuser, requireUser, requireWriter, type Actor } from '@sneakers/shared/actor';
import {
  productInputSchema,
  type productUpdateSchema,
  variantInputSchema,
  type Product,
  type ProductInput,
  type Variant,
  type VariantInput,
} from '@sneakers/shared/contracts/catalog';
import { fieldErrors } from '@sneakers/shared/contracts/contract';
import { ConflictError, NotFoundError, ValidationError } from '@sneakers/shared/errors';
import type { Page } from '@sneakers/shared/paging/page';
import { pauseBeforeReplan, TransactionBusyError } from '@sneakers/shared/table/transaction';
import { catalogProductsChanged } from '@sneakers/events/catalog';
import { buildEvent } from '@sneakers/events/define-event';
import { gtinKey } from '@sneakers/shared/rules/gtin';
import { styleCodeKey } from '@sneakers/shared/rules/style-code';
import type { ProductDetail, ProductsChangedEvent, ProductsDeps, ProductWrite } from './ports';
import { planVariants, sortVariants } from './variants';
import { groupWrites } from './write-groups';

/**
 * The catalogue's use cases: one product catalogue for everyone, read by any signed-in
 * user, written by superusers (demo users first get 403 DEMO_MODE) and by the import
 * paths (marketplace imports, the release scraper) through `upsertProducts`. Every write
 * is one transaction with its `Catalog.ProductsChanged` outbox event; the SKU row makes
 * "the same SKU updates, never duplicates" hold under concurrent saves.
 */

type ParsedProduct = z.output<typeof productInputSchema>;
type ParsedUpdate = z.output<typeof productUpdateSchema>;

/**
 * Re-plans of a write that lost a race (a SKU claimed or a row changed meanwhile). Each round
 * one of the writers wins; with the jittered pause between rounds a handful of simultaneous
 * saves of one product all land (an import and an admin edit at once, not a hot row).
 */
const WRITE_ATTEMPTS = 8;
const DEFAULT_PRODUCT_TYPE = 'sneakers';

const productNotFound = () => new NotFoundError('Product not found', 'PRODUCT_NOT_FOUND');

function parse<S extends z.ZodMiniType>(schema: S, value: unknown, prefix?: string): z.output<S> {
  const result = z.safeParse(schema, value);
  if (!result.success)
    throw new ValidationError('Some fields are not valid.', fieldErrors(result.error, prefix));
  return result.data;
}

const productContent = ({ updatedAt: _u, createdAt: _c, ...rest }: Product) => JSON.stringify(rest);

/** A product from an input: given fields win, absent ones keep what `existing` had (or the defaults). */
export function mergeProduct(
  input: ParsedProduct | (ParsedUpdate & { sku: string }),
  existing: Product | null,
  id: string,
  at: string,
): Product {
  const given = <T>(value: T | undefined, fallback: T): T => (value === undefined ? fallback : value);
  return {
    id,
    sku: input.sku,
    name: input.name ?? existing?.name ?? '',
    brand: input.brand ?? existing?.brand ?? '',
    productType: input.productType || existing?.productType || DEFAULT_PRODUCT_TYPE,
    imageUrl: given(input.imageUrl, existing?.imageUrl ?? null),
    releaseDate: given(input.releaseDate, existing?.releaseDate ?? null),
    retailPrice: given(input.retailPrice, existing?.retailPrice ?? null),
    currency: input.currency ?? existing?.currency ?? 'EUR',
    colorway: input.colorway ?? existing?.colorway ?? '',
    gender: given(input.gender, existing?.gender ?? null),
    marketplaceSlug: given(input.marketplaceSlug, existing?.marketplaceSlug ?? null),
    marketplaceProductId: given(input.marketplaceProductId, existing?.marketplaceProductId ?? null),
    createdAt: existing?.createdAt ?? at,
    updatedAt: at,
  };
}

function changedEvent(
  deps: Pick<ProductsDeps, 'ids'>,
  at: string,
  data: { upserted: string[]; removed: string[] },
): ProductsChangedEvent {
  return buildEvent(catalogProductsChanged, data, { eventId: deps.ids.next(), occurredAt: at });
}

interface PlannedUpsert {
  write: ProductWrite | null;
  created: boolean;
  productId: string;
}

/** Commits writes group by group; false when one lost a race (committed groups stay committed). */
async function commitWrites(
  deps: Pick<ProductsDeps, 'repo' | 'ids'>,
  writes: readonly ProductWrite[],
  at: string,
  committed: (write: ProductWrite) => void,
): Promise<{ index: number; reason: 'skuTaken' | 'stale' } | null> {
  const { groups, overflow } = groupWrites(writes);
  for (const group of groups) {
    const event = changedEvent(deps, at, { upserted: group.map((w) => w.product.id), removed: [] });
    const outcome = await deps.repo.writeProducts(group, event).catch((error: unknown) => {
      // Writers of one SKU that kept colliding past the transaction's own retries re-plan
      // from what is stored now, like a lost condition (the winner's product then updates).
      if (error instanceof TransactionBusyError) return { index: 0, reason: 'stale' as const };
      throw error;
    });
    if (outcome !== 'committed') return outcome;
    for (const write of group) {
      const rest = overflow.get(write.product.id);
      if (rest) await deps.repo.writeVariants(write.product.id, rest.put, rest.deleteIds);
      committed(write);
    }
  }
  return null;
}

/**
 * Creates or updates products by SKU (in any format: `DD1391-100`, `dd1391 100` and
 * `DD1391100` are one product). Given fields replace the stored ones, absent ones are
 * kept; variants, when given, replace the product's (matched by marketplace id or label).
 * A product that did not change is not written (it still counts as updated). No actor
 * check: the routes and the import paths check theirs.
 */
export async function upsertProducts(
  deps: ProductsDeps,
  inputs: ProductInput[],
): Promise<{ created: number; updated: number; productIds: string[] }> {
  const parsed = inputs.map((input, i) => parse(productInputSchema, input, `products.${i}`));
  // Within one call the same SKU twice is one product: the last input wins.
  const bySku = new Map<string, ParsedProduct>();
  for (const input of parsed) {
    const key = styleCodeKey(input.sku);
    if (!key)
      throw new ValidationError('Some fields are not valid.', { sku: ['SKU needs letters or digits'] });
    bySku.delete(key);
    bySku.set(key, input);
  }
  const outcome = new Map<string, { productId: string; created: boolean }>();

  for (let attempt = 0; attempt < WRITE_ATTEMPTS; attempt++) {
    const pending = [...bySku].filter(([key]) => !outcome.has(key));
    if (pending.length === 0) break;
    const at = deps.clock.now().toISOString();
    const owners = await deps.repo.skuOwners(pending.map(([key]) => key));
    const plans = await Promise.all(
      pending.map(async ([key, input]): Promise<PlannedUpsert & { key: string }> => {
        const ownerId = owners.get(key);
        const detail = ownerId ? await deps.repo.getDetail(ownerId) : null;
        if (!ownerId || !detail) {
          // No owner (or one deleted a moment ago, its SKU row going with it): a new product.
          const productId = deps.ids.next();
          const product = mergeProduct(input, null, productId, at);
          const variants = planVariants(productId, [], input.variants ?? [], at, () => deps.ids.next());
          return {
            key,
            productId,
            created: true,
            write: {
              product,
              expectedUpdatedAt: null,
              claimSkuKey: key,
              releaseSkuKey: null,
              putVariants: variants.put,
              deleteVariantIds: [],
            },
          };
        }
        const existing = detail.product;
        // The stored SKU keeps the format it was first saved in.
        const product = mergeProduct({ ...input, sku: existing.sku }, existing, existing.id, at);
        const variants = input.variants
          ? planVariants(existing.id, detail.variants, input.variants, at, () => deps.ids.next())
          : null;
        const unchanged =
          productContent(product) === productContent(existing) &&
          (!variants || (variants.put.length === 0 && variants.deleteIds.length === 0));
        return {
          key,
          productId: existing.id,
          created: false,
          write: unchanged
            ? null
            : {
                product,
                expectedUpdatedAt: existing.updatedAt,
                claimSkuKey: null,
                releaseSkuKey: null,
                putVariants: variants?.put ?? [],
                deleteVariantIds: variants?.deleteIds ?? [],
              },
        };
      }),
    );
    for (const plan of plans)
      if (!plan.write) outcome.set(plan.key, { productId: plan.productId, created: false });
    const writes = plans.filter((p) => p.write !== null);
    const keyOf = new Map(writes.map((p) => [p.productId, p] as const));
    const lost = await commitWrites(
      deps,
      writes.flatMap((p) => (p.write ? [p.write] : [])),
      at,
      (write) => {
        const plan = keyOf.get(write.product.id);
        if (plan) outcome.set(plan.key, { productId: plan.productId, created: plan.created });
      },
    );
    // A lost race re-plans what is left: a SKU claimed meanwhile now updates its owner.
    if (!lost) break;
    await pauseBeforeReplan(attempt);
  }
  if ([...bySku.keys()].some((key) => !outcome.has(key))) throw new TransactionBusyError();

  const results = [...bySku.keys()].map((key) => outcome.get(key));
  const productIds: string[] = [];
  for (const input of parsed) {
    const found = outcome.get(styleCodeKey(input.sku));
    if (found) productIds.push(found.productId);
  }
  return {
    created: results.filter((r) => r?.created).length,
    updated: results.filter((r) => r && !r.created).length,
    productIds,
  };
}

/** The product and its variants sorted by size (ONE Query); 404 PRODUCT_NOT_FOUND. */
export async function getProductWithVariants(
  deps: Pick<ProductsDeps, 'repo'>,
  productId: string,
): Promise<{ product: Product; variants: Variant[] }> {
  const detail = await deps.repo.getDetail(productId);
  if (!detail) throw productNotFound();
  return { product: detail.product, variants: sortVariants(detail.variants) };
}

/**
 * Replaces a product's variants (the refresh-variants modal): matched ones keep their
 * ids, new ones are added, missing ones removed; one transaction with the product's new
 * `updatedAt` and the event. No actor check: the route checks it.
 */
export async function replaceVariants(
  deps: ProductsDeps,
  productId: string,
  variants: VariantInput[],
): Promise<{ variants: Variant[]; added: number; updated: number; removed: number }> {
  const inputs = variants.map((v, i) => parse(variantInputSchema, v, `variants.${i}`));
  for (let attempt = 0; attempt < WRITE_ATTEMPTS; attempt++) {
    const detail = await deps.repo.getDetail(productId);
    if (!detail) throw productNotFound();
    const at = deps.clock.now().toISOString();
    const plan = planVariants(productId, detail.variants, inputs, at, () => deps.ids.next());
    const result = {
      variants: sortVariants(plan.variants),
      added: plan.added,
      updated: plan.updated,
      removed: plan.removed,
    };
    if (plan.put.length === 0 && plan.deleteIds.length === 0) return result;
    const lost = await commitWrites(
      deps,
      [
        {
          product: { ...detail.product, updatedAt: at },
          expectedUpdatedAt: detail.product.updatedAt,
          claimSkuKey: null,
          releaseSkuKey: null,
          putVariants: plan.put,
          deleteVariantIds: plan.deleteIds,
        },
      ],
      at,
      () => {},
    );
    if (!lost) return result;
    await pauseBeforeReplan(attempt);
  }
  throw new TransactionBusyError();
}

// ---- Routes' use cases ----

export async function createProduct(
  deps: ProductsDeps,
  actor: Actor,
  input: ProductInput,
): Promise<{ product: Product; variants: Variant[]; created: boolean }> {
  requireSuperuser(requireWriter(actor));
  const { created, productIds } = await upsertProducts(deps, [input]);
  const [productId] = productIds;
  if (!productId) throw productNotFound();
  return { ...(await getProductWithVariants(deps, productId)), created: created > 0 };
}

export async function bulkUpsertProducts(
  deps: ProductsDeps,
  actor: Actor,
  inputs: ProductInput[],
): Promise<{ created: number; updated: number; productIds: string[] }> {
  requireSuperuser(requireWriter(actor));
  return upsertProducts(deps, inputs);
}

/** 409 SKU_TAKEN when the new SKU (in any format) is another product's. */
export async function updateProduct(
  deps: ProductsDeps,
  actor: Actor,
  productId: string,
  patch: ParsedUpdate,
): Promise<Product> {
  requireSuperuser(requireWriter(actor));
  const skuTaken = () => new ConflictError('Another product already has this SKU', 'SKU_TAKEN');
  for (let attempt = 0; attempt < WRITE_ATTEMPTS; attempt++) {
    const detail = await deps.repo.getDetail(productId);
    if (!detail) throw productNotFound();
    const existing = detail.product;
    const at = deps.clock.now().toISOString();
    const oldKey = styleCodeKey(existing.sku);
    const newKey = patch.sku === undefined ? oldKey : styleCodeKey(patch.sku);
    if (!newKey)
      throw new ValidationError('Some fields are not valid.', { sku: ['SKU needs letters or digits'] });
    if (newKey !== oldKey) {
      const owner = (await deps.repo.skuOwners([newKey])).get(newKey);
      if (owner && owner !== productId) throw skuTaken();
    }
    const product = mergeProduct({ ...patch, sku: patch.sku ?? existing.sku }, existing, productId, at);
    const lost = await commitWrites(
      deps,
      [
        {
          product,
          expectedUpdatedAt: existing.updatedAt,
          claimSkuKey: newKey === oldKey ? null : newKey,
          releaseSkuKey: newKey === oldKey ? null : oldKey,
          putVariants: [],
          deleteVariantIds: [],
        },
      ],
      at,
      () => {},
    );
    if (!lost) return product;
    if (lost.reason === 'skuTaken') throw skuTaken();
    await pauseBeforeReplan(attempt);
  }
  throw new TransactionBusyError();
}

export async function deleteProduct(deps: ProductsDeps, actor: Actor, productId: string): Promise<void> {
  requireSuperuser(requireWriter(actor));
  for (let attempt = 0; attempt < WRITE_ATTEMPTS; attempt++) {
    const detail = await deps.repo.getDetail(productId);
    if (!detail) throw productNotFound();
    const at = deps.clock.now().toISOString();
    const event = changedEvent(deps, at, { upserted: [], removed: [productId] });
    if ((await deps.repo.deleteProduct(detail, event)) === 'committed') return;
    await pauseBeforeReplan(attempt);
  }
  throw new TransactionBusyError();
}

/** Upcoming releases (from today, by the clock, in UTC, unless `from` is given), soonest first. */
export async function listReleases(
  deps: Pick<ProductsDeps, 'repo' | 'clock'>,
  actor: Actor,
  query: {
    from?: string | undefined;
    brand?: string | undefined;
    cursor?: string | undefined;
    limit?: number | undefined;
  },
): Promise<Page<Product>> {
  requireUser(actor);
  const from = query.from ?? deps.clock.now().toISOString().slice(0, 10);
  const brand = query.brand?.trim().toLowerCase() || undefined;
  return deps.repo.listReleases({ from, brand }, { cursor: query.cursor, limit: query.limit });
}

/**
 * The product and size a scanned box names (docs/product/store-mode.md#scanning): the
 * GTIN's variant (when two products list one box, the most recently updated wins) and its
 * product. 404 GTIN_NOT_FOUND.
 */
export async function findByGtin(
  deps: Pick<ProductsDeps, 'repo'>,
  actor: Actor,
  code: string,
): Promise<{ product: Product; variant: Variant }> {
  requireUser(actor);
  const key = gtinKey(code);
  const matches = key ? await deps.repo.variantsByGtin(key) : [];
  const variant = [...matches].sort((a, b) => b.updatedAt.localeCompare(a.updatedAt))[0];
  const [product] = variant ? await deps.repo.getProducts([variant.productId]) : [];
  if (!variant || !product)
    throw new NotFoundError('No product in the catalogue has this barcode', 'GTIN_NOT_FOUND');
  return { product, variant };
}

/** The product detail for the routes (the same as `getProductWithVariants`, signed-in users only). */
export async function readProduct(
  deps: Pick<ProductsDeps, 'repo'>,
  actor: Actor,
  productId: string,
): Promise<ProductDetail> {
  requireUser(actor);
  return getProductWithVariants(deps, productId);
}
