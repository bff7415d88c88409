import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '@sneakers/shared/actor';
import { systemClock } from '@sneakers/shared/clock';
import { getProduct, searchProducts, upsertProducts } from '@sneakers/shared/contracts/catalog';
import {
  createImport,
  listImports,
  stepImport,
  type ImportJob,
} from '@sneakers/shared/contracts/catalog-tools';
import { AppError } from '@sneakers/shared/errors';
import { ulidGenerator } from '@sneakers/shared/ids';
import { api, newUser, rejection } from '../../../../tests/support/cloud-client';
import { createHttpMarketplaceClient } from '../../src/marketplace/client';
import { createImportStore } from '../../src/imports/repository';
import { createImportJob, stepImportJob } from '../../src/imports/domain';
import type { ImportDeps } from '../../src/imports/ports';
import { marketplacePages } from '../../src/imports/import-page';
import {
  sampleProduct,
  sampleVariant,
  startFakeMarketplace,
  type FakeMarketplace,
} from '../support/fake-marketplace';
import { localAdmin, localTable, type Client } from './support';

let admin: Client;
beforeAll(async () => {
  admin = await localAdmin();
});

/** Steps through the gateway until the job completes (at most `max` pages). */
async function runToCompletion(job: ImportJob, max: number): Promise<ImportJob[]> {
  const seen = [job];
  let current = job;
  for (let i = 0; i < max && current.status !== 'completed'; i++) {
    current = (await admin.call(stepImport, { params: { importId: current.id } })).job;
    seen.push(current);
  }
  return seen;
}

describe('data population through the gateway (marketplace emulator)', () => {
  it('imports a brand page by page to completion with counts; a step after that changes nothing', async () => {
    const { job } = await admin.call(createImport, { body: { mode: 'brand', value: 'Reebok' } });
    expect(job).toMatchObject({
      mode: 'brand',
      value: 'Reebok',
      status: 'running',
      nextPage: 1,
      pagesDone: 0,
    });

    const steps = await runToCompletion(job, 20);
    const done = steps.at(-1);
    if (!done) throw new Error('no steps');
    expect(done.status).toBe('completed');
    expect(done.totalPages).toBeGreaterThanOrEqual(1);
    expect(done.pagesDone).toBe(done.totalPages);
    expect(steps.slice(1).map((s) => s.pagesDone)).toEqual(
      Array.from({ length: steps.length - 1 }, (_, i) => i + 1),
    );
    const imported = done.newCount + done.updatedCount;
    expect(imported).toBeGreaterThan(0);
    expect(imported + done.failedCount).toBeLessThanOrEqual(done.totalProducts ?? 0);

    expect((await admin.call(stepImport, { params: { importId: job.id } })).job).toEqual(done);
    const { jobs } = await admin.call(listImports, { query: { limit: 5 } });
    expect(jobs[0]).toEqual(done);

    // The products are in the catalogue, with their sizes.
    const { products } = await admin.call(searchProducts, { query: { brand: 'Reebok' } });
    const first = products[0];
    if (!first) throw new Error('No Reebok product in the catalogue after the import');
    const { variants } = await admin.call(getProduct, { params: { productId: first.id } });
    expect(variants.length).toBeGreaterThan(0);

    // Imported again: every product is now an update, none new.
    const { job: again } = await admin.call(createImport, { body: { mode: 'brand', value: 'Reebok' } });
    const rerun = (await runToCompletion(again, 20)).at(-1);
    expect(rerun).toMatchObject({ status: 'completed', newCount: 0, updatedCount: imported });
  }, 90_000);

  it('is for superusers only; a step of an unknown import is 404', async () => {
    const { token } = await newUser();
    const store = api(token);
    expect(
      await rejection(store.call(createImport, { body: { mode: 'query', value: 'dunk' } })),
    ).toMatchObject({
      status: 403,
      code: 'SUPERUSER_REQUIRED',
    });
    expect(await rejection(store.call(listImports, { query: {} }))).toMatchObject({ status: 403 });
    expect(
      await rejection(admin.call(stepImport, { params: { importId: `missing-${randomUUID()}` } })),
    ).toMatchObject({
      status: 404,
      code: 'IMPORT_NOT_FOUND',
    });
    expect(await rejection(admin.call(createImport, { body: { mode: 'query', value: '  ' } }))).toMatchObject(
      {
        status: 400,
      },
    );
  });
});

describe('import steps on the real table (a scripted marketplace)', () => {
  let fake: FakeMarketplace;
  const superuser: Actor = {
    kind: 'user',
    userId: `admin-${randomUUID()}`,
    isSuperuser: true,
    isDemo: false,
  };
  const brand = `Brand${randomUUID().slice(0, 6)}`;
  const products = Array.from({ length: 7 }, (_, i) =>
    sampleProduct({
      productId: `mp-${brand}-${i}`,
      styleId: `${brand.slice(5, 8).toUpperCase()}${i}0-${randomUUID().slice(0, 3)}`,
      brand,
      title: `${brand} Runner ${i}`,
    }),
  );

  beforeAll(async () => {
    fake = await startFakeMarketplace();
    fake.fallback = (request) => {
      if (request.path === '/v2/catalog/search') {
        const pageNumber = Number(request.query.get('pageNumber'));
        const pageSize = 5;
        const start = (pageNumber - 1) * pageSize;
        return {
          body: {
            count: products.length,
            pageSize,
            pageNumber,
            hasNextPage: start + pageSize < products.length,
            products: products.slice(start, start + pageSize),
          },
        };
      }
      const productId = /\/v2\/catalog\/products\/([^/]+)\/variants$/.exec(request.path)?.[1];
      if (productId) return { body: [sampleVariant({ productId, variantId: `${productId}-9` })] };
      return { status: 404, body: { errorMessage: 'Product not found' } };
    };
  });
  afterAll(() => fake.close());

  function deps(): ImportDeps {
    const { client, table } = localTable();
    return {
      imports: createImportStore(client, table),
      pages: marketplacePages(
        createHttpMarketplaceClient({
          ...fake.clientOptions(),
          baseDelayMs: 5,
        }),
      ),
      // The catalogue's own upsert, through its superuser route.
      upsert: async (inputs) => admin.call(upsertProducts, { body: { products: inputs } }),
      clock: systemClock,
      ids: ulidGenerator,
    };
  }

  it('records a failed page and resumes from it; concurrent steps never import a page twice', async () => {
    const d = deps();
    let job = await createImportJob(d, superuser, { mode: 'brand', value: brand });

    // The marketplace is down for longer than the client's retries: the page fails, recorded.
    fake.script({ status: 503 }, { status: 503 }, { status: 503 });
    job = await stepImportJob(d, superuser, job.id);
    expect(job).toMatchObject({
      status: 'failed',
      nextPage: 1,
      pagesDone: 0,
      lastError: 'The marketplace API failed (HTTP 503).',
    });

    // Two steps at once while the page is slow: one imports it, the other is told to wait.
    fake.script({
      delayMs: 700,
      body: { count: 7, pageSize: 5, pageNumber: 1, hasNextPage: true, products: products.slice(0, 5) },
    });
    const [a, b] = await Promise.allSettled([
      stepImportJob(d, superuser, job.id),
      new Promise((resolve) => setTimeout(resolve, 200)).then(() => stepImportJob(d, superuser, job.id)),
    ]);
    expect(a.status).toBe('fulfilled');
    expect(b.status === 'rejected' && b.reason instanceof AppError && b.reason.code).toBe('IMPORT_BUSY');
    job = a.status === 'fulfilled' ? a.value : job;
    expect(job).toMatchObject({
      status: 'running',
      nextPage: 2,
      pagesDone: 1,
      totalPages: 2,
      newCount: 5,
      lastError: null,
    });

    job = await stepImportJob(d, superuser, job.id);
    expect(job).toMatchObject({
      status: 'completed',
      nextPage: 3,
      pagesDone: 2,
      newCount: 7,
      updatedCount: 0,
      failedCount: 0,
    });
    const searches = fake.calls().filter((c) => c.path === '/v2/catalog/search');
    expect(searches.map((c) => c.query.get('pageNumber'))).toEqual(['1', '1', '1', '1', '2']);

    // The gateway lists the job as the steps left it.
    const { jobs } = await admin.call(listImports, { query: { limit: 50 } });
    expect(jobs.find((j) => j.id === job.id)).toEqual(job);
  });
});
