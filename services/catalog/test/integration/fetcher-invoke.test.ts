import { describe, expect, it } from 'vitest';
import { invokeFunction, InvokeFunctionError } from '@sneakers/shared/runtime/invoke';
import { createFetcherClient } from '../../src/fetcher/client';
import { FETCHER_SERVICE } from '../../src/fetcher/protocol';
import { MarketplaceError } from '../../src/marketplace/client';
import { cloud } from '../../../../tests/support/cloud-client';

/**
 * catalog-ingest's way to the upstreams: catalog-fetcher through the local cloud's Lambda
 * Invoke API (the AWS SDK's LambdaClient against it), with the marketplace emulator and
 * the local Secrets Manager behind the fetcher.
 */
const env = () => ({ AWS_REGION: 'eu-west-1', LAMBDA_ENDPOINT: cloud().lambdaUrl });

describe('catalog-ingest → catalog-fetcher through the Lambda Invoke API', () => {
  it('reads the marketplace and the release calendar, mapped, through the fetcher', async () => {
    const fetcher = createFetcherClient(env());
    const search = await fetcher.marketplace.searchCatalog('Nike', { pageNumber: 1, pageSize: 3 });
    expect(search).toMatchObject({ pageNumber: 1, pageSize: 3 });
    const page = await fetcher.importPages.fetchPage({ mode: 'brand', value: 'Nike' }, 1);
    expect(page.count).toBeGreaterThan(0);
    expect(page.inputs.length).toBeGreaterThan(0);
    expect(page.inputs.every((input) => input.brand === 'Nike' && (input.variants?.length ?? 0) > 0)).toBe(
      true,
    );
    const releases = await fetcher.releases.fetchMapped();
    expect(releases.releases.length).toBeGreaterThan(0);
    // The emulator's calendar holds exactly two malformed releases.
    expect(releases.issues).toHaveLength(2);
  });

  it('brings an upstream 404 back as the same MarketplaceError', async () => {
    const thrown = await createFetcherClient(env())
      .marketplace.getProduct('no-such-product')
      .catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(MarketplaceError);
    expect(thrown).toMatchObject({ status: 404, code: 'MARKETPLACE_NOT_FOUND', upstreamStatus: 404 });
  });

  it('answers a request the fetcher cannot read as a FunctionError', async () => {
    const thrown = await invokeFunction(env(), FETCHER_SERVICE, { op: 'dropTables' }, {}).catch(
      (e: unknown) => e,
    );
    expect(thrown).toBeInstanceOf(InvokeFunctionError);
    expect(thrown).toMatchObject({ functionName: FETCHER_SERVICE, functionError: 'Unhandled' });
  });
});
