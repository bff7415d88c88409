import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApiClient } from '@sneakers/shared/api-client';
import { getProduct, searchProducts } from '@sneakers/shared/contracts/catalog';
import { createDocumentClient } from '@sneakers/shared/table/client';
import { productDetailReader } from '../../services/catalog/src/published';
import { LOCAL_NAMES } from '../../localstack/src/names';
import { freePorts } from '../../localstack/src/ports';
import { countRequests } from '../support/count-requests';
import { storeUser } from './bench-user';
import { startCloudProcess, stopCloudProcess } from './cloud-process';
import { median, percentile, row } from './stats';

const SAMPLES = 100;

/**
 * Product detail page data (budget: at most 2 DynamoDB requests): the demo catalogue's
 * product with the most variants, read by the use case over a DocumentClient that counts
 * every request, and GET /api/catalog/products/{id} through the gateway.
 */
export async function benchCatalogDetail(): Promise<{ requests: number; apiMs: number }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'sneakers-bench-catalog-'));
  const ports = await freePorts();
  const { child, appUrl } = await startCloudProcess(ports, dataDir, ['--web=none', '--fresh']);
  try {
    console.log('\n## Product detail (budget: at most 2 DynamoDB requests)');
    const { token } = await storeUser(appUrl, ports.cognito);
    const call = createApiClient({ baseUrl: appUrl, getToken: () => token });

    // The demo seed writes the catalogue after the cloud reports healthy; wait for it.
    const started = performance.now();
    let products = (await call(searchProducts, { query: {} })).products;
    while (products.length === 0) {
      if (performance.now() - started > 120_000) throw new Error('the demo catalogue never appeared');
      await new Promise((r) => setTimeout(r, 500));
      products = (await call(searchProducts, { query: {} })).products;
    }
    const details = await Promise.all(products.map((p) => call(getProduct, { params: { productId: p.id } })));
    const richest = details.reduce((a, b) => (b.variants.length > a.variants.length ? b : a));
    const productId = richest.product.id;

    const doc = createDocumentClient({
      AWS_REGION: LOCAL_NAMES.region,
      DYNAMODB_ENDPOINT: `http://127.0.0.1:${ports.dynamodb}`,
    });
    const sent = countRequests(doc);
    const readDetail = await productDetailReader(doc, LOCAL_NAMES.table);
    const detail = await readDetail(productId);
    const requests = sent.length;
    if (detail.variants.length !== richest.variants.length) throw new Error('the use case lost variants');
    row(
      `DynamoDB requests for a product and its ${detail.variants.length} variants`,
      `${requests} ${requests <= 2 ? '(within budget)' : '(OVER BUDGET)'}`,
    );

    const useCase: number[] = [];
    const api: number[] = [];
    for (let i = 0; i < SAMPLES; i++) {
      let t = performance.now();
      await readDetail(productId);
      useCase.push(performance.now() - t);
      t = performance.now();
      await call(getProduct, { params: { productId } });
      api.push(performance.now() - t);
    }
    row(
      `use case over DynamoDB Local (n=${SAMPLES})`,
      `median ${median(useCase).toFixed(2)} ms, p95 ${percentile(useCase, 95).toFixed(2)} ms`,
    );
    row(
      `GET /api/catalog/products/{id} (n=${SAMPLES})`,
      `median ${median(api).toFixed(2)} ms, p95 ${percentile(api, 95).toFixed(2)} ms`,
    );
    return { requests, apiMs: median(api) };
  } finally {
    await stopCloudProcess(child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
