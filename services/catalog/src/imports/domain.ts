import { requireSuperuser, type Actor } from '@sneakers/shared/actor';
import type { ProductInput } from '@sneakers/shared/contracts/catalog';
import type { ImportJob } from '@sneakers/shared/contracts/catalog-tools';
import { AppError, ConflictError, NotFoundError } from '@sneakers/shared/errors';
import { mapPage, type Page, type PageRequest } from '@sneakers/shared/paging/page';
import {
  IMPORT_LEASE_MS,
  type ImportDeps,
  type ImportMode,
  type ImportRecord,
  type PageOutcome,
} from './ports';

/**
 * Data population: import products from the marketplace API by a search query or a
 * brand, one marketplace page per step, so the browser drives the pace (progress bar,
 * pause, resume) and no request runs long. A job remembers the next page; a failed step
 * leaves it there, so the next step retries it (resumable). The same SKU updates.
 */

/** A job as the contract answers it (the lease stays inside). */
export function toImportJob(record: ImportRecord): ImportJob {
  return {
    id: record.id,
    mode: record.mode,
    value: record.value,
    status: record.status,
    nextPage: record.nextPage,
    totalPages: record.totalPages,
    totalProducts: record.totalProducts,
    pagesDone: record.pagesDone,
    newCount: record.newCount,
    updatedCount: record.updatedCount,
    failedCount: record.failedCount,
    lastError: record.lastError,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
  };
}

const importNotFound = () => new NotFoundError('Import not found', 'IMPORT_NOT_FOUND');

export async function createImportJob(
  deps: Pick<ImportDeps, 'imports' | 'clock' | 'ids'>,
  actor: Actor,
  input: { mode: ImportMode; value: string },
): Promise<ImportJob> {
  const user = requireSuperuser(actor);
  const at = deps.clock.now().toISOString();
  const record: ImportRecord = {
    id: deps.ids.next(),
    mode: input.mode,
    value: input.value,
    status: 'running',
    nextPage: 1,
    totalPages: null,
    totalProducts: null,
    pagesDone: 0,
    newCount: 0,
    updatedCount: 0,
    failedCount: 0,
    lastError: null,
    createdBy: user.userId,
    createdAt: at,
    updatedAt: at,
    leaseUntil: null,
  };
  await deps.imports.create(record);
  return toImportJob(record);
}

export async function listImportJobs(
  deps: Pick<ImportDeps, 'imports'>,
  actor: Actor,
  page: PageRequest,
): Promise<Page<ImportJob>> {
  requireSuperuser(actor);
  return mapPage(await deps.imports.list(page), toImportJob);
}

/** The catalogue's SKU identity: `DD1391-100` and `dd1391 100` are one product. */
const skuKey = (sku: string) => sku.toUpperCase().replace(/[^A-Z0-9]/g, '');

/**
 * One marketplace page: its products mapped (import-page.ts, in catalog-fetcher) and
 * upserted in one call. A product that failed validation, its variants or the mapping
 * counts as failed and the page still completes; only the search or the upsert failing
 * fails the step.
 */
async function importPage(deps: ImportDeps, job: ImportRecord, page: number): Promise<PageOutcome> {
  const result = await deps.pages.fetchPage({ mode: job.mode, value: job.value }, page);
  const inputs: ProductInput[] = [];
  const seen = new Set<string>();
  for (const input of result.inputs) {
    // The same style code twice on one page is one product: one upsert each would collide.
    const key = skuKey(input.sku);
    if (seen.has(key)) continue;
    seen.add(key);
    inputs.push(input);
  }
  const { created, updated } = inputs.length > 0 ? await deps.upsert(inputs) : { created: 0, updated: 0 };
  const totalPages = Math.max(1, Math.ceil(result.count / result.pageSize));
  return {
    nextPage: page + 1,
    completed: !result.hasNextPage || page >= totalPages,
    totalPages,
    totalProducts: result.count,
    created,
    updated,
    failed: result.failed,
  };
}

const stepErrorMessage = (error: unknown): string =>
  error instanceof AppError ? error.message : 'The page could not be saved. Try again.';

/**
 * Imports the job's next page. On a completed job it changes nothing. A failed page is
 * recorded on the job (status 'failed', lastError, nextPage kept) and answered as the
 * job, so the caller shows the error and offers a retry, which is just another step.
 * A step while another holds the job: 409 IMPORT_BUSY.
 */
export async function stepImportJob(deps: ImportDeps, actor: Actor, importId: string): Promise<ImportJob> {
  requireSuperuser(actor);
  const job = await deps.imports.get(importId);
  if (!job) throw importNotFound();
  if (job.status === 'completed') return toImportJob(job);

  const page = job.nextPage;
  const leaseId = deps.ids.next();
  const now = deps.clock.now().getTime();
  const claim = await deps.imports.claim({
    id: importId,
    page,
    leaseId,
    leaseUntil: now + IMPORT_LEASE_MS,
    now,
  });
  if (claim === 'busy') {
    const current = await deps.imports.get(importId);
    if (!current) throw importNotFound();
    const held = current.leaseUntil !== null && current.leaseUntil >= now;
    // Another step finished this page between our read and the claim: its result is ours.
    if (current.status === 'completed' || (!held && current.nextPage !== page)) return toImportJob(current);
    throw new ConflictError('This import is already importing a page. Try again in a moment.', 'IMPORT_BUSY');
  }

  try {
    const outcome = await importPage(deps, job, page);
    await deps.imports.finishPage({ id: importId, leaseId, outcome, at: deps.clock.now().toISOString() });
  } catch (caught) {
    const error = stepErrorMessage(caught);
    await deps.imports.failPage({ id: importId, leaseId, error, at: deps.clock.now().toISOString() });
    // Recorded for the page; a bug (not an AppError) still reaches the pipeline's 500 and its log.
    if (!(caught instanceof AppError)) throw caught;
  }
  const current = await deps.imports.get(importId);
  if (!current) throw importNotFound();
  return toImportJob(current);
}
