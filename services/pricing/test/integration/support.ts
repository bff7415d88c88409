import { randomUUID } from 'node:crypto';
import { getProduct, searchProducts } from '@sneakers/shared/contracts/catalog';
import { createMyProfile } from '@sneakers/shared/contracts/profiles';
import { invokeFunction } from '@sneakers/shared/runtime/invoke';
import { Service } from '@sneakers/shared/table/entity';
import {
  DEMO_CATALOGUE_SIZE,
  generateCatalogue,
  variantsOf,
  type GeneratedProduct,
  type GeneratedVariant,
} from '../../../../localstack/src/marketplace/catalogue';
import { marketData } from '../../../../localstack/src/marketplace/market-data';
import { scheduleEvent } from '../../../../localstack/src/schedules';
import { api, cloud, newUser } from '../../../../tests/support/cloud-client';
import { db, table } from '../../../../tests/support/local-table';
import { DUE_QUEUE, strategyEntity } from '../../src/strategies/strategy-entity';

/** The set-up every pricing integration test shares: signed-in stores, Idempotency-Keys, products. */
export const key = () => `key-${randomUUID()}`;

/** A new signed-in store with a profile and a public WTS list. */
export async function store(name = 'Pricing Store') {
  const { token } = await newUser();
  const client = api(token);
  const { profile } = await client.call(createMyProfile, {
    body: {
      role: 'store',
      businessName: `${name} ${randomUUID().slice(0, 6)}`,
      contactEmail: `pricing-${randomUUID()}@example.com`,
      phone: '+34 600111222',
      location: 'Madrid',
      preferredContact: 'email',
      currency: 'EUR',
      language: 'en',
      publicWtbList: false,
      publicWtsList: true,
    },
  });
  return { token, client, userId: profile.userId };
}

/** A product of the demo catalogue, as the cloud stores it and as the marketplace emulator generates it. */
export interface CatalogueSize {
  productId: string;
  variantId: string;
  sku: string;
  name: string;
  brand: string;
  eu: string;
  /** What the emulator serves for the variant in EUR, in cents, read from its generator (not through the catalogue). */
  market: { lowestAsk: number; highestBid: number; sellFaster: number; earnMore: number };
}

let generated: GeneratedProduct[] | null = null;

/**
 * `count` sizes of demo catalogue products from index `from` on (beyond the curated ones the
 * demo items use): the catalogue's ids through its routes, the market data from the emulator's
 * own generator, so the expectations never go through the code under test.
 */
export async function catalogueSizes(client: ReturnType<typeof api>, from: number, count: number) {
  generated ??= generateCatalogue({ count: DEMO_CATALOGUE_SIZE });
  const out: CatalogueSize[] = [];
  for (const product of generated.slice(from, from + count)) {
    const { products } = await client.call(searchProducts, { query: { q: product.styleId } });
    const stored = products.find((p) => p.marketplaceProductId === product.productId);
    if (!stored) throw new Error(`The demo catalogue has no ${product.styleId}`);
    const { variants } = await client.call(getProduct, { params: { productId: stored.id } });
    const generatedVariants = new Map<string, GeneratedVariant>(
      variantsOf(product).map((v) => [v.variantId, v]),
    );
    const variant = variants.find(
      (v) => v.marketplaceVariantId && v.size.eu && generatedVariants.has(v.marketplaceVariantId),
    );
    const source = variant?.marketplaceVariantId
      ? generatedVariants.get(variant.marketplaceVariantId)
      : undefined;
    if (!variant || !source || !variant.size.eu) throw new Error(`No EU-sized variant of ${product.styleId}`);
    const data = marketData(product, source, 'EUR');
    out.push({
      productId: stored.id,
      variantId: variant.id,
      sku: stored.sku,
      name: stored.name,
      brand: stored.brand,
      eu: variant.size.eu,
      market: {
        lowestAsk: data.lowestAskAmount * 100,
        highestBid: data.highestBidAmount * 100,
        sellFaster: data.sellFasterAmount * 100,
        earnMore: data.earnMoreAmount * 100,
      },
    });
  }
  return out;
}

/** Makes a strategy due now (as if its hour had passed), below the routes. */
export async function makeDue(ownerUserId: string, id: string) {
  const strategies = new Service({ strategy: strategyEntity }, { client: db(), table }).entities.strategy;
  await strategies
    .patch({ ownerUserId, id })
    .set({ dueQueue: DUE_QUEUE, nextRunAt: new Date(Date.now() - 1000).toISOString() })
    .go();
}

/** Fires auto mode's schedule once, as EventBridge does: the scheduled event to pricing-auto. */
export async function fireAutoSchedule() {
  await invokeFunction(
    { AWS_REGION: 'eu-west-1', LAMBDA_ENDPOINT: cloud().lambdaUrl },
    'pricing-auto',
    scheduleEvent('pricing-auto'),
    {},
  );
}
