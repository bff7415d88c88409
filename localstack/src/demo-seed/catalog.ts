import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { UserActor } from '@sneakers/shared/actor';
import {
  BULK_PRODUCTS_MAX,
  getProduct,
  upsertProducts,
  type ProductInput,
  type Variant,
} from '@sneakers/shared/contracts/catalog';
import { localClientConfig, runtimeEnv } from '@sneakers/shared/runtime/config';
import { variantForSize as variantForSizeOf } from '@sneakers/shared/rules/variant-size';
import { productIdsBySkuKey } from '../../../services/catalog/src/published';
import { styleCodeKey } from '@sneakers/shared/rules/style-code';
import {
  CURATED_STYLE_IDS,
  DEMO_CATALOGUE_SIZE,
  generateCatalogue,
  toProductInput,
  type GeneratedProduct,
} from '../marketplace/catalogue';
export { variantSizeLabel } from '@sneakers/shared/rules/variant-size';
import { sneakerSvg } from '../marketplace/images';
import { invoke } from './invoke';

/**
 * The demo catalogue (issue 13): the generator's first 500 products with their size
 * variants, written through `catalog.products.bulk` as the local superuser, and their
 * generated images in the uploads bucket under `catalog/<styleKey>.svg`. The demo's sample
 * items and bookings then point at these products (see `catalogLinks`), so Try Demo shows
 * real images and sizes everywhere.
 */

/** Bulk calls in flight at once: DynamoDB Local slows down past a few parallel transactions. */
const BULK_PARALLEL = 3;
/** Image uploads in flight at once (the S3 emulator writes files: more in parallel is slower). */
const UPLOAD_PARALLEL = 4;

export interface CatalogLink {
  productCatalogId: string;
  sku: string;
  name: string;
  brand: string;
  colorway: string;
  imageUrl: string;
  variants: Variant[];
}

/** Catalogue products of the demo's sample items, by style code key. */
export type DemoCatalogLinks = ReadonlyMap<string, CatalogLink>;

/** The public URL of a catalogue image (the uploads bucket's path under MEDIA_BASE_URL). */
export function catalogImageUrl(sku: string): string {
  const base = runtimeEnv().MEDIA_BASE_URL;
  if (!base) throw new Error('MEDIA_BASE_URL is not set');
  return `${base}/catalog/${styleCodeKey(sku)}.svg`;
}

async function inBatches<T>(items: readonly T[], parallel: number, work: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++] as T);
  };
  await Promise.all(Array.from({ length: Math.min(parallel, items.length) }, worker));
}

async function uploadImages(products: readonly GeneratedProduct[]) {
  const env = runtimeEnv();
  const bucket = env.UPLOADS_BUCKET;
  if (!bucket) throw new Error('UPLOADS_BUCKET is not set');
  const client = new S3Client({
    region: env.AWS_REGION,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    ...(env.S3_ENDPOINT ? { forcePathStyle: true } : {}),
    ...localClientConfig(env.S3_ENDPOINT),
  });
  try {
    await inBatches(products, UPLOAD_PARALLEL, async (product) => {
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: `catalog/${styleCodeKey(product.styleId)}.svg`,
          Body: sneakerSvg(product),
          ContentType: 'image/svg+xml',
          CacheControl: 'public, max-age=31536000, immutable',
        }),
      );
    });
  } finally {
    client.destroy();
  }
}

async function writeProducts(admin: UserActor, inputs: ProductInput[]) {
  const chunks: ProductInput[][] = [];
  for (let i = 0; i < inputs.length; i += BULK_PRODUCTS_MAX)
    chunks.push(inputs.slice(i, i + BULK_PRODUCTS_MAX));
  await inBatches(chunks, BULK_PARALLEL, async (products) => {
    await invoke(upsertProducts, admin, { body: { products } });
  });
}

export interface DemoCatalogSeed {
  /** The products the demo's sample items are (available once this resolves). */
  links: DemoCatalogLinks;
  /**
   * Writes the rest of the catalogue and its images; true when this start wrote them.
   * Called after the other seed steps: DynamoDB Local runs one write at a time, so writing
   * both at once would only slow the sample data the first screens need.
   */
  writeRest: () => Promise<boolean>;
}

/**
 * Seeds the demo catalogue once. The first bulk call holds the well-known products the
 * sample items use (and only those), so items and bookings are seeded before the other 450 products and the
 * images are written (`writeRest`). Skipped when the catalogue's last product
 * exists: it is written only after every image and every other product, so a start that
 * stopped half-way seeds again (upserts by SKU, so nothing duplicates).
 */
export async function seedDemoCatalog(admin: UserActor): Promise<DemoCatalogSeed> {
  const products = generateCatalogue({ count: DEMO_CATALOGUE_SIZE });
  const last = products[products.length - 1];
  const done = last && (await productIdsBySkuKey([styleCodeKey(last.styleId)])).size > 0;
  if (!last || done) return { links: await catalogLinks(admin), writeRest: () => Promise.resolve(false) };

  const inputs = products.map((p) => toProductInput(p, { imageUrl: catalogImageUrl(p.styleId) }));
  const marker = inputs.pop();
  // The generator puts the curated products first: only they are needed before the rest.
  const first = Math.min(CURATED_STYLE_IDS.length, BULK_PRODUCTS_MAX);
  await writeProducts(admin, inputs.slice(0, first));
  const links = await catalogLinks(admin);
  const writeRest = async () => {
    await Promise.all([uploadImages(products), writeProducts(admin, inputs.slice(first))]);
    if (marker) await writeProducts(admin, [marker]);
    return true;
  };
  return { links, writeRest };
}

/** The catalogue products (with their variants) the demo's sample items link to. */
async function catalogLinks(admin: UserActor): Promise<DemoCatalogLinks> {
  const keys = CURATED_STYLE_IDS.map(styleCodeKey);
  const owners = await productIdsBySkuKey(keys);
  const links = new Map<string, CatalogLink>();
  await Promise.all(
    [...owners].map(async ([key, productId]) => {
      const { product, variants } = await invoke(getProduct, admin, { params: { productId } });
      links.set(key, {
        productCatalogId: product.id,
        sku: product.sku,
        name: product.name,
        brand: product.brand,
        colorway: product.colorway,
        imageUrl: product.imageUrl ?? catalogImageUrl(product.sku),
        variants,
      });
    }),
  );
  return links;
}

/** The variant of a linked product a store's size text names (shared/src/rules/variant-size.ts). */
export function variantForSize(link: CatalogLink, size: string): Variant | undefined {
  return variantForSizeOf(link.variants, size);
}
