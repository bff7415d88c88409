import { describe, expect, it } from 'vitest';
import { upsertProducts, type ProductInput } from '@sneakers/shared/contracts/catalog';
import {
  CATALOG_MARKET_SERVICE,
  catalogMarketAnswerSchema,
  type CatalogMarketRequest,
} from '@sneakers/shared/contracts/catalog-market';
import { invokeFunction, InvokeFunctionError } from '@sneakers/shared/runtime/invoke';
import { createFetcherClient } from '../../src/fetcher/client';
import { cloud } from '../../../../tests/support/cloud-client';
import { localAdmin } from './support';

/**
 * catalog-market through the local cloud's Lambda Invoke API, with catalog-fetcher and the
 * marketplace emulator (25 requests/s, burst 25, 429 with Retry-After 1) behind it: a refresh of
 * 60 products is one paced fetcher invocation, no 429 is left unretried, and a second call within
 * maxAge reads the rows alone.
 */
const env = () => ({ AWS_REGION: 'eu-west-1', LAMBDA_ENDPOINT: cloud().lambdaUrl });
const HOUR = 3_600_000;

async function market(request: CatalogMarketRequest) {
  return catalogMarketAnswerSchema.parse(await invokeFunction(env(), CATALOG_MARKET_SERVICE, request, {}));
}

/** 60 marketplace products (Asics, pages 2-4 of the brand: no other suite reads them) saved in the catalogue. */
async function sixtyProducts(): Promise<{ ids: string[]; inputs: ProductInput[] }> {
  const fetcher = createFetcherClient(env());
  const inputs: ProductInput[] = [];
  for (let page = 2; inputs.length < 60; page++) {
    const { inputs: found } = await fetcher.importPages.fetchPage({ mode: 'brand', value: 'Asics' }, page);
    inputs.push(...found.filter((input) => input.marketplaceProductId));
  }
  const chosen = inputs.slice(0, 60);
  const admin = await localAdmin();
  const ids: string[] = [];
  for (let i = 0; i < chosen.length; i += 30)
    ids.push(
      ...(await admin.call(upsertProducts, { body: { products: chosen.slice(i, i + 30) } })).productIds,
    );
  return { ids, inputs: chosen };
}

describe('catalog-market: the catalogue’s market data through the Lambda Invoke API', () => {
  it('refreshes 60 products in one paced batch, in cents, then answers them from the rows', async () => {
    const { ids, inputs } = await sixtyProducts();
    const request = {
      products: ids.map((productId) => ({ productId, currency: 'EUR' as const })),
      maxAgeMs: HOUR,
    };

    const started = Date.now();
    const first = await market(request);
    const seconds = (Date.now() - started) / 1000;
    const statuses = first.products.map((p) => p.status);
    console.info(
      `catalog-market: 60 products refreshed in ${seconds.toFixed(1)} s, ${first.marketplaceRequests} marketplace requests, ${first.retried429} 429s waited out`,
    );
    expect(statuses).toEqual(ids.map(() => 'refreshed'));
    // One request a product, plus one per 429 retried; none left unretried (no product failed).
    expect(first.marketplaceRequests - first.retried429).toBe(60);
    // Paced at 20 a second: 60 requests take about 3 s.
    expect(seconds).toBeGreaterThan(2.5);

    // The amounts are the marketplace's whole units in cents, per catalogue variant.
    const input = inputs[0];
    const answer = first.products.find((p) => p.productId === ids[0]);
    const raw = (await createFetcherClient(env()).marketplace.getMarketDataProduct(
      input?.marketplaceProductId ?? '',
      'EUR',
    )) as { variantId: string; lowestAskAmount: number; highestBidAmount: number }[];
    const mpVariant = input?.variants?.find((v) => v.marketplaceVariantId === raw[0]?.variantId);
    const stored = answer?.variants.find((v) => v.label === mpVariant?.label);
    expect(stored).toMatchObject({
      lowestAsk: (raw[0]?.lowestAskAmount ?? NaN) * 100,
      highestBid: (raw[0]?.highestBidAmount ?? NaN) * 100,
    });
    expect(answer).toMatchObject({ brand: 'Asics', currency: 'EUR' });

    const second = await market(request);
    expect(second.marketplaceRequests).toBe(0);
    expect(second.products.map((p) => p.status)).toEqual(ids.map(() => 'fresh'));
    expect(second.products.find((p) => p.productId === ids[0])).toEqual({ ...answer, status: 'fresh' });
  });

  it('has no data for a product the catalogue does not hold, without an error', async () => {
    const answer = await market({
      products: [{ productId: 'no-such-product', currency: 'EUR' }],
      maxAgeMs: HOUR,
    });
    expect(answer).toEqual({
      products: [
        {
          productId: 'no-such-product',
          currency: 'EUR',
          status: 'not_found',
          brand: null,
          gender: null,
          refreshedAt: null,
          variants: [],
        },
      ],
      marketplaceRequests: 0,
      retried429: 0,
    });
  });

  it('answers a request it cannot read as a FunctionError', async () => {
    const thrown = await invokeFunction(env(), CATALOG_MARKET_SERVICE, { products: 'all' }, {}).catch(
      (e: unknown) => e,
    );
    expect(thrown).toBeInstanceOf(InvokeFunctionError);
  });
});
