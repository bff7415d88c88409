import * as z from 'zod/mini';
import { productInputSchema, variantInputSchema } from '@sneakers/shared/contracts/catalog';
import { releaseItemSchema } from '@sneakers/shared/contracts/catalog-tools';
import { AppError } from '@sneakers/shared/errors';
import { MarketplaceError } from '../marketplace/errors';
import { ReleaseSourceError } from '../releases/errors';
import { marketDataManySchema } from '../market-data/shapes';
import { releaseIssueSchema } from '../releases/release-issue';
import type { FetcherOp } from './request';

/**
 * catalog-ingest ↔ catalog-fetcher (docs/adr/0012), through the Lambda Invoke API: the
 * marketplace test page's six raw calls, and three reads that come back already mapped
 * to catalogue inputs (an import page, a product's variants, the release calendar), so
 * the mapping and the size chart stay in the fetcher. Both sides parse with these schemas: the fetcher its
 * requests, ingest the answers. Upstream failures are answers, not function errors
 * (`{ ok: false, error }`), so ingest rethrows the same MarketplaceError or
 * ReleaseSourceError the in-process client threw, and the HTTP answers stay the same.
 */
export const FETCHER_SERVICE = 'catalog-fetcher';

export type { FetcherOp, FetcherRequest } from './request';

/**
 * What each operation answers, as ingest checks it. The six raw calls only reach the test
 * page as they are: the fetcher validated them against the marketplace's shapes already.
 */
const relayed = z.unknown();
export const fetcherResultSchemas = {
  searchCatalog: relayed,
  getProduct: relayed,
  getProductVariants: relayed,
  getProductVariant: relayed,
  getMarketDataProduct: relayed,
  getMarketDataVariant: relayed,
  importPage: z.object({
    count: z.int(),
    pageSize: z.int(),
    hasNextPage: z.boolean(),
    inputs: z.array(productInputSchema),
    failed: z.int(),
  }),
  refreshVariants: z.array(variantInputSchema),
  fetchReleases: z.object({
    totalFound: z.int(),
    issues: z.array(releaseIssueSchema),
    releases: z.array(z.object({ item: releaseItemSchema, input: productInputSchema })),
  }),
  getMarketDataMany: marketDataManySchema,
} satisfies Record<FetcherOp, z.ZodMiniType>;

export const RELEASE_SOURCE_ERROR_CODE = 'RELEASE_SOURCE_ERROR';

/**
 * An upstream failure as data: the HTTP `status` and `code` the caller is answered with;
 * `upstreamStatus` is present for a MarketplaceError (the marketplace's own status, null
 * when no answer came).
 */
export const fetcherErrorSchema = z.object({
  status: z.int(),
  message: z.string(),
  code: z.string(),
  upstreamStatus: z.optional(z.nullable(z.int())),
});
export type FetcherError = z.infer<typeof fetcherErrorSchema>;

const responseSchema = z.union([
  z.object({ ok: z.literal(true), result: z.unknown() }),
  z.object({ ok: z.literal(false), error: fetcherErrorSchema }),
]);
export type FetcherResponse = { ok: true; result: unknown } | { ok: false; error: FetcherError };

/** The answer to an upstream failure (any AppError); undefined for anything else (a bug: it stays a function error). */
export function errorAnswer(error: unknown): FetcherResponse | undefined {
  if (error instanceof MarketplaceError)
    return {
      ok: false,
      error: {
        status: error.status,
        message: error.message,
        code: error.code,
        upstreamStatus: error.upstreamStatus,
      },
    };
  if (error instanceof ReleaseSourceError)
    return { ok: false, error: { status: 502, message: error.message, code: RELEASE_SOURCE_ERROR_CODE } };
  if (error instanceof AppError)
    return { ok: false, error: { status: error.status, message: error.message, code: error.code } };
  return undefined;
}

/** The error the in-process code would have thrown. */
export function errorOf(error: FetcherError): Error {
  if (error.code === RELEASE_SOURCE_ERROR_CODE) return new ReleaseSourceError(error.message);
  if (error.upstreamStatus !== undefined) return new MarketplaceError(error.message, error.upstreamStatus);
  return new AppError(error.status, error.code, error.message);
}

/** Ingest's side: the answer's result as the operation's shape, or the upstream error rethrown. */
export function readAnswer<S extends z.ZodMiniType>(op: FetcherOp, schema: S, answer: unknown): z.output<S> {
  const response = z.safeParse(responseSchema, answer);
  if (!response.success)
    throw new AppError(502, 'FETCHER_PROTOCOL_ERROR', `The ${FETCHER_SERVICE} answer to ${op} is not valid.`);
  if (!response.data.ok) throw errorOf(response.data.error);
  const result = z.safeParse(schema, response.data.result);
  if (!result.success)
    throw new AppError(502, 'FETCHER_PROTOCOL_ERROR', `The ${FETCHER_SERVICE} result of ${op} is not valid.`);
  return result.data;
}
