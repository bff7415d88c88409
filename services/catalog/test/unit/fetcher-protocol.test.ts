import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { AppError } from '@sneakers/shared/errors';
import { createFetcherClientOver } from '../../src/fetcher/client';
import { createFetcherHandler, type FetcherDeps } from '../../src/fetcher/handle';
import { errorAnswer, errorOf } from '../../src/fetcher/protocol';
import { MarketplaceError, type MarketplaceClient } from '../../src/marketplace/client';
import { marketplacePages } from '../../src/imports/import-page';
import { marketplaceVariantsOf } from '../../src/marketplace/refresh-source';
import { mpProductSchema, mpVariantSchema } from '../../src/marketplace/shapes';
import { mappedReleases } from '../../src/releases/feed';
import { ReleaseSourceError, createHttpReleaseSource } from '../../src/releases/source';
import {
  calendarPage,
  release,
  sampleProduct,
  sampleVariant,
  storedProduct,
} from '../support/fake-marketplace';

const product = z.parse(mpProductSchema, sampleProduct({ productId: 'p-1', styleId: 'DD1391-100' }));
const variant = z.parse(mpVariantSchema, sampleVariant({ productId: 'p-1' }));

function marketplace(failWith?: Error): MarketplaceClient {
  const answer = async <T>(value: T): Promise<T> => {
    if (failWith) throw failWith;
    return value;
  };
  return {
    searchCatalog: () =>
      answer({ count: 1, pageSize: 25, pageNumber: 1, hasNextPage: false, products: [product], rejected: 0 }),
    getProduct: () => answer(product),
    getProductVariants: () => answer([variant]),
    getProductVariant: () => answer(variant),
    getMarketDataProduct: () => answer([]),
    getMarketDataVariant: () => answer({ productId: 'p-1', variantId: 'v-1', currencyCode: 'EUR' }),
  };
}

const calendar = (html: string) =>
  createHttpReleaseSource({
    url: 'http://calendar.test/releases',
    fetch: async () => new Response(html, { status: 200 }),
    sleep: async () => undefined,
  });

/** The fetcher's handler behind the client, with the payloads serialised as the Invoke API does. */
function overTheWire(deps: FetcherDeps) {
  const handle = createFetcherHandler(() => deps);
  const sent: unknown[] = [];
  const client = createFetcherClientOver(async (request) => {
    const payload: unknown = JSON.parse(JSON.stringify(request));
    sent.push(payload);
    return JSON.parse(JSON.stringify(await handle(payload)));
  });
  return { client, sent };
}

const stored = storedProduct();

describe('the fetcher protocol', () => {
  it('answers through the wire what the in-process code answers', async () => {
    const api = marketplace();
    const source = calendar(calendarPage([release(), release({ id: 'r-2', styleId: '' })]));
    const { client, sent } = overTheWire({ marketplace: api, releases: source });

    expect(await client.marketplace.getProduct('p-1')).toEqual(await api.getProduct('p-1'));
    expect(await client.marketplace.searchCatalog('dunk', { pageSize: 5 })).toEqual(
      await api.searchCatalog('dunk'),
    );
    expect(await client.importPages.fetchPage({ mode: 'query', value: 'dunk' }, 1)).toEqual(
      await marketplacePages(api).fetchPage({ mode: 'query', value: 'dunk' }, 1),
    );
    expect(await client.variantsOf(stored)).toEqual(await marketplaceVariantsOf(api, stored));
    const mapped = await client.releases.fetchMapped();
    expect(mapped).toEqual(await mappedReleases(source).fetchMapped());
    expect(mapped.releases).toHaveLength(1);
    expect(mapped.issues).toHaveLength(1);
    expect(sent[1]).toEqual({ op: 'searchCatalog', query: 'dunk', pageSize: 5 });
  });

  it.each([
    [new MarketplaceError('The marketplace API failed (HTTP 503).', 503), 502, 'MARKETPLACE_ERROR'],
    [new MarketplaceError('Product not found', 404), 404, 'MARKETPLACE_NOT_FOUND'],
    [new MarketplaceError('The marketplace API did not answer in time.', null), 502, 'MARKETPLACE_ERROR'],
  ] as const)('rethrows %s as the same MarketplaceError', async (error, status, code) => {
    const { client } = overTheWire({ marketplace: marketplace(error), releases: calendar('') });
    const thrown = await client.marketplace.getProduct('p-1').catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(MarketplaceError);
    expect(thrown).toMatchObject({
      status,
      code,
      message: error.message,
      upstreamStatus: error.upstreamStatus,
    });
  });

  it('rethrows a calendar failure as a ReleaseSourceError with its message', async () => {
    const broken = createHttpReleaseSource({
      url: 'http://calendar.test/releases',
      fetch: async () => new Response('nope', { status: 404 }),
      sleep: async () => undefined,
    });
    const { client } = overTheWire({ marketplace: marketplace(), releases: broken });
    const thrown = await client.releases.fetchMapped().catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(ReleaseSourceError);
    expect(thrown).toMatchObject({ message: 'Could not fetch release calendar page 1: HTTP 404.' });
  });

  it('keeps the status and code of other upstream refusals (a style code the marketplace lacks)', async () => {
    const api = marketplace();
    const { client } = overTheWire({
      marketplace: {
        ...api,
        searchCatalog: async () => ({ ...(await api.searchCatalog('x')), products: [] }),
      },
      releases: calendar(''),
    });
    const thrown = await client
      .variantsOf({ ...stored, marketplaceProductId: null })
      .catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(AppError);
    expect(thrown).toMatchObject({ status: 404, code: 'MARKETPLACE_NOT_FOUND' });
  });

  it('leaves bugs as function errors, and refuses requests and answers that do not parse', async () => {
    const handle = createFetcherHandler(() => ({
      marketplace: marketplace(new TypeError('boom')),
      releases: calendar(''),
    }));
    expect(errorAnswer(new TypeError('boom'))).toBeUndefined();
    await expect(handle({ op: 'getProduct', productId: 'p-1' })).rejects.toThrow('boom');
    await expect(handle({ op: 'dropTables' })).rejects.toThrow(/Not a fetcher request/);
    const client = createFetcherClientOver(async () => ({ ok: true, result: { inputs: 'nope' } }));
    await expect(client.importPages.fetchPage({ mode: 'brand', value: 'Nike' }, 1)).rejects.toMatchObject({
      status: 502,
      code: 'FETCHER_PROTOCOL_ERROR',
    });
    expect(errorOf({ status: 409, code: 'X', message: 'm' })).toMatchObject({ status: 409, code: 'X' });
  });
});
