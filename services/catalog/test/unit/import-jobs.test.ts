import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import type { Actor } from '@sneakers/shared/actor';
import { fixedClock } from '@sneakers/shared/clock';
import type { ProductInput } from '@sneakers/shared/contracts/catalog';
import type { AppError } from '@sneakers/shared/errors';
import { sequenceIds } from '@sneakers/shared/ids';
import {
  MarketplaceError,
  type MarketplaceClient,
  type MpProduct,
  type MpVariant,
} from '../../src/marketplace/client';
import { createImportJob, listImportJobs, stepImportJob } from '../../src/imports/domain';
import {
  IMPORT_LEASE_MS,
  IMPORT_PAGE_SIZE,
  type ImportDeps,
  type ImportRecord,
  type ImportStore,
} from '../../src/imports/ports';
import { marketplacePages } from '../../src/imports/import-page';
import { mpProductSchema, mpVariantSchema } from '../../src/marketplace/shapes';
import { sampleProduct, sampleVariant } from '../support/fake-marketplace';
import { rejection } from '../support/rejection';

const superuser: Actor = { kind: 'user', userId: 'admin-1', isSuperuser: true, isDemo: false };
const store: Actor = { kind: 'user', userId: 'store-1', isSuperuser: false, isDemo: false };

/** The DynamoDB store's semantics in memory: the claim's and the lease's conditions. */
function memoryImports(): ImportStore & { rows: Map<string, ImportRecord & { leaseId?: string }> } {
  const rows = new Map<string, ImportRecord & { leaseId?: string }>();
  return {
    rows,
    create: async (record) => {
      rows.set(record.id, structuredClone(record));
    },
    get: async (id) => {
      const row = rows.get(id);
      if (!row) return null;
      const { leaseId: _leaseId, ...record } = row;
      return structuredClone(record);
    },
    list: async (page) => {
      const all = [...rows.values()].sort((a, b) => b.id.localeCompare(a.id));
      const start = page.cursor ? Number(page.cursor) : 0;
      const limit = page.limit ?? 20;
      const items = all.slice(start, start + limit).map(({ leaseId: _l, ...r }) => r);
      return { items, cursor: start + limit < all.length ? String(start + limit) : null };
    },
    claim: async ({ id, page, leaseId, leaseUntil, now }) => {
      const row = rows.get(id);
      if (!row || row.nextPage !== page || row.status === 'completed') return 'busy';
      if (row.leaseUntil !== null && row.leaseUntil >= now) return 'busy';
      Object.assign(row, { leaseId, leaseUntil, status: 'running' });
      return 'committed';
    },
    finishPage: async ({ id, leaseId, outcome, at }) => {
      const row = rows.get(id);
      if (!row || row.leaseId !== leaseId) return 'lost';
      Object.assign(row, {
        status: outcome.completed ? 'completed' : 'running',
        nextPage: outcome.nextPage,
        totalPages: outcome.totalPages,
        totalProducts: outcome.totalProducts,
        pagesDone: row.pagesDone + 1,
        newCount: row.newCount + outcome.created,
        updatedCount: row.updatedCount + outcome.updated,
        failedCount: row.failedCount + outcome.failed,
        lastError: null,
        leaseId: undefined,
        leaseUntil: null,
        updatedAt: at,
      });
      return 'committed';
    },
    failPage: async ({ id, leaseId, error, at }) => {
      const row = rows.get(id);
      if (!row || row.leaseId !== leaseId) return 'lost';
      Object.assign(row, {
        status: 'failed',
        lastError: error,
        leaseId: undefined,
        leaseUntil: null,
        updatedAt: at,
      });
      return 'committed';
    },
  };
}

const mpProduct = (i: number, brand: string): MpProduct =>
  z.parse(
    mpProductSchema,
    sampleProduct({
      productId: `mp-${brand}-${i}`,
      styleId: `${brand.slice(0, 2).toUpperCase()}${1000 + i}-100`,
      brand,
    }),
  );
const mpVariants = (productId: string): MpVariant[] =>
  [sampleVariant({ productId, variantId: `${productId}-9` })].map((v) => z.parse(mpVariantSchema, v));

/** A marketplace of `count` products: the query matches the brand, with failures to order. */
function fakeMarketplace(products: MpProduct[]) {
  const calls = { search: [] as number[], variants: [] as string[] };
  const failures = { search: 0, variantsOf: new Set<string>(), rejectedPerPage: 0 };
  const client: MarketplaceClient = {
    async searchCatalog(query, opts = {}) {
      const pageNumber = opts.pageNumber ?? 1;
      const pageSize = opts.pageSize ?? 20;
      calls.search.push(pageNumber);
      if (failures.search > 0) {
        failures.search--;
        throw new MarketplaceError('The marketplace API failed (HTTP 503).', 503);
      }
      const hits = products.filter((p) =>
        `${p.brand} ${p.title}`.toLowerCase().includes(query.toLowerCase()),
      );
      const start = (pageNumber - 1) * pageSize;
      return {
        count: hits.length,
        pageSize,
        pageNumber,
        hasNextPage: start + pageSize < hits.length,
        products: hits.slice(start, start + pageSize),
        rejected: failures.rejectedPerPage,
      };
    },
    async getProductVariants(productId) {
      calls.variants.push(productId);
      if (failures.variantsOf.has(productId)) throw new MarketplaceError('Product not found', 404);
      return mpVariants(productId);
    },
    getProduct: () => Promise.reject(new Error('not used')),
    getProductVariant: () => Promise.reject(new Error('not used')),
    getMarketDataProduct: () => Promise.reject(new Error('not used')),
    getMarketDataVariant: () => Promise.reject(new Error('not used')),
  };
  return { client, calls, failures };
}

/** The catalogue's upsert by SKU, in memory. */
function memoryCatalogue() {
  const skus = new Set<string>();
  const batches: ProductInput[][] = [];
  let fail = 0;
  return {
    skus,
    batches,
    failNext: (n = 1) => {
      fail = n;
    },
    upsert: async (inputs: ProductInput[]) => {
      if (fail > 0) {
        fail--;
        throw new Error('ProvisionedThroughputExceededException');
      }
      batches.push(inputs);
      let created = 0;
      for (const input of inputs) {
        if (!skus.has(input.sku)) created++;
        skus.add(input.sku);
      }
      return { created, updated: inputs.length - created };
    },
  };
}

function setup(products: MpProduct[]) {
  const clock = fixedClock('2026-11-22T10:00:00Z');
  const imports = memoryImports();
  const marketplace = fakeMarketplace(products);
  const catalogue = memoryCatalogue();
  const deps: ImportDeps = {
    imports,
    pages: marketplacePages(marketplace.client),
    upsert: catalogue.upsert,
    clock,
    ids: sequenceIds('imp'),
  };
  return { deps, clock, imports, marketplace, catalogue };
}

const brandProducts = (brand: string, n: number) => Array.from({ length: n }, (_, i) => mpProduct(i, brand));

describe('imports', () => {
  it('imports a brand page by page to completion, counting new and updated products', async () => {
    const { deps, marketplace, catalogue } = setup([
      ...brandProducts('Asics', 60),
      ...brandProducts('Puma', 5),
    ]);
    catalogue.skus.add('AS1000-100');
    let job = await createImportJob(deps, superuser, { mode: 'brand', value: 'Asics' });
    expect(job).toMatchObject({
      status: 'running',
      nextPage: 1,
      pagesDone: 0,
      totalPages: null,
      newCount: 0,
    });

    job = await stepImportJob(deps, superuser, job.id);
    expect(job).toMatchObject({
      status: 'running',
      nextPage: 2,
      pagesDone: 1,
      totalPages: 3,
      totalProducts: 60,
    });
    expect([job.newCount, job.updatedCount, job.failedCount]).toEqual([IMPORT_PAGE_SIZE - 1, 1, 0]);
    job = await stepImportJob(deps, superuser, job.id);
    job = await stepImportJob(deps, superuser, job.id);
    expect(job).toMatchObject({ status: 'completed', nextPage: 4, pagesDone: 3, totalPages: 3 });
    expect([job.newCount, job.updatedCount, job.failedCount]).toEqual([59, 1, 0]);
    expect(catalogue.skus.size).toBe(60);
    expect(marketplace.calls.search).toEqual([1, 2, 3]);

    // A step on a completed job changes nothing and calls nobody.
    expect(await stepImportJob(deps, superuser, job.id)).toEqual(job);
    expect(marketplace.calls.search).toHaveLength(3);
    const variantInputs = catalogue.batches[0]?.[0]?.variants;
    expect(variantInputs).toEqual([expect.objectContaining({ label: 'US M 9' })]);
  });

  it("keeps only the brand's own products in brand mode, every match in query mode", async () => {
    const products = [...brandProducts('Nike', 3), mpProduct(7, 'Sacai')];
    const sacaiNike = z.parse(mpProductSchema, { ...products[3], title: 'Nike x Sacai LDWaffle' });
    const { deps, catalogue } = setup([...products.slice(0, 3), sacaiNike]);
    const byBrand = await createImportJob(deps, superuser, { mode: 'brand', value: 'nike' });
    expect(await stepImportJob(deps, superuser, byBrand.id)).toMatchObject({
      status: 'completed',
      newCount: 3,
    });
    const byQuery = await createImportJob(deps, superuser, { mode: 'query', value: 'nike' });
    expect(await stepImportJob(deps, superuser, byQuery.id)).toMatchObject({ newCount: 1, updatedCount: 3 });
    expect(catalogue.skus.size).toBe(4);
  });

  it('counts products that fail (variants, mapping, validation upstream) and still completes the page', async () => {
    const products = brandProducts('Vans', 6);
    const noStyle = z.parse(mpProductSchema, { ...products[5], styleId: null });
    const { deps, marketplace } = setup([...products.slice(0, 5), noStyle]);
    marketplace.failures.variantsOf.add('mp-Vans-1');
    marketplace.failures.rejectedPerPage = 2;
    const job = await createImportJob(deps, superuser, { mode: 'brand', value: 'Vans' });
    expect(await stepImportJob(deps, superuser, job.id)).toMatchObject({
      status: 'completed',
      newCount: 4,
      failedCount: 4,
      lastError: null,
    });
  });

  it('completes an import that finds nothing as one empty page', async () => {
    const { deps } = setup([]);
    const job = await createImportJob(deps, superuser, { mode: 'query', value: 'nothing here' });
    expect(await stepImportJob(deps, superuser, job.id)).toMatchObject({
      status: 'completed',
      pagesDone: 1,
      totalPages: 1,
      totalProducts: 0,
      newCount: 0,
    });
  });

  it('records a failed page and resumes at that page', async () => {
    const { deps, marketplace, catalogue } = setup(brandProducts('Reebok', 30));
    let job = await createImportJob(deps, superuser, { mode: 'brand', value: 'Reebok' });
    marketplace.failures.search = 1;
    job = await stepImportJob(deps, superuser, job.id);
    expect(job).toMatchObject({
      status: 'failed',
      nextPage: 1,
      pagesDone: 0,
      lastError: 'The marketplace API failed (HTTP 503).',
    });

    job = await stepImportJob(deps, superuser, job.id);
    expect(job).toMatchObject({
      status: 'running',
      nextPage: 2,
      pagesDone: 1,
      newCount: 25,
      lastError: null,
    });

    // The catalogue failing mid-page: the page is recorded as failed, the bug still surfaces.
    catalogue.failNext();
    await expect(stepImportJob(deps, superuser, job.id)).rejects.toThrow(
      'ProvisionedThroughputExceededException',
    );
    job = (await listImportJobs(deps, superuser, {})).items[0] ?? job;
    expect(job).toMatchObject({
      status: 'failed',
      nextPage: 2,
      lastError: 'The page could not be saved. Try again.',
    });
    job = await stepImportJob(deps, superuser, job.id);
    expect(job).toMatchObject({ status: 'completed', pagesDone: 2, newCount: 30, failedCount: 0 });
  });

  it('lets one of two concurrent steps import the page; the other answers 409 IMPORT_BUSY', async () => {
    const { deps, marketplace } = setup(brandProducts('Salomon', 60));
    const job = await createImportJob(deps, superuser, { mode: 'brand', value: 'Salomon' });
    const results = await Promise.allSettled([
      stepImportJob(deps, superuser, job.id),
      stepImportJob(deps, superuser, job.id),
    ]);
    const done = results.filter((r) => r.status === 'fulfilled');
    const refused = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as AppError] : []));
    expect(done).toHaveLength(1);
    expect(refused.map((e) => [e.status, e.code])).toEqual([[409, 'IMPORT_BUSY']]);
    expect(marketplace.calls.search).toEqual([1]);
    expect((await deps.imports.get(job.id))?.pagesDone).toBe(1);
  });

  it('takes over a step whose lease expired (its Lambda died mid-page)', async () => {
    const { deps, clock, imports } = setup(brandProducts('Converse', 10));
    const job = await createImportJob(deps, superuser, { mode: 'brand', value: 'Converse' });
    const now = clock.now().getTime();
    expect(
      await imports.claim({ id: job.id, page: 1, leaseId: 'dead', leaseUntil: now + IMPORT_LEASE_MS, now }),
    ).toBe('committed');
    expect((await rejection(stepImportJob(deps, superuser, job.id))).code).toBe('IMPORT_BUSY');
    clock.advance(IMPORT_LEASE_MS + 1);
    expect(await stepImportJob(deps, superuser, job.id)).toMatchObject({ status: 'completed', newCount: 10 });
    expect(
      await imports.finishPage({
        id: job.id,
        leaseId: 'dead',
        outcome: {
          nextPage: 2,
          completed: true,
          totalPages: 1,
          totalProducts: 10,
          created: 10,
          updated: 0,
          failed: 0,
        },
        at: clock.now().toISOString(),
      }),
    ).toBe('lost');
  });

  it('is for superusers only, and lists jobs newest first', async () => {
    const { deps } = setup([]);
    expect((await rejection(createImportJob(deps, store, { mode: 'query', value: 'x' }))).code).toBe(
      'SUPERUSER_REQUIRED',
    );
    const first = await createImportJob(deps, superuser, { mode: 'query', value: 'a' });
    const second = await createImportJob(deps, superuser, { mode: 'brand', value: 'b' });
    expect((await rejection(stepImportJob(deps, store, first.id))).code).toBe('SUPERUSER_REQUIRED');
    expect((await rejection(listImportJobs(deps, store, {}))).code).toBe('SUPERUSER_REQUIRED');
    expect((await listImportJobs(deps, superuser, {})).items.map((j) => j.id)).toEqual([second.id, first.id]);
    expect((await rejection(stepImportJob(deps, superuser, 'missing'))).code).toBe('IMPORT_NOT_FOUND');
  });
});
