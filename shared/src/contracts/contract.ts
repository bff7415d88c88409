import * as z from 'zod/mini';
import type { FieldErrors } from '../errors';

/**
 * An HTTP contract: the shape of one route, shared by the Lambda router, the CDK API
 * stack, the local gateway and the SPA's typed client, so none of them can drift.
 * Paths use API Gateway syntax (`/api/things/{id}`).
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** public: no token needed; user: a verified Cognito token is required; apiKey: a store API key. */
export type AuthKind = 'public' | 'user' | 'apiKey';

/** Contracts use zod/mini: a third of classic zod's size in every bundle (docs/adr/0003). */
export type Schema = z.ZodMiniType;

export interface Contract<
  P extends Schema = Schema,
  Q extends Schema = Schema,
  B extends Schema = Schema,
  R extends Schema = Schema,
> {
  id: string;
  method: HttpMethod;
  path: string;
  auth: AuthKind;
  params: P;
  query: Q;
  body: B;
  response: R;
  /** Largest accepted body in bytes. */
  maxBodyBytes: number;
  /**
   * A feature the caller must have (shared/src/rules/feature-access.ts): without it the API
   * answers 403 FEATURE_NOT_AVAILABLE, whatever the SPA shows. Flags that gate the route's
   * section (shared/src/rules/section-routes.ts) apply as well.
   */
  feature?: string;
  /**
   * Only superusers may call it: the pipeline answers anyone else 403 SUPERUSER_REQUIRED before
   * the use case runs (which checks again), and the route-driven suites prove it per route.
   */
  superuserOnly?: boolean;
}

const none = z.strictObject({});
type None = typeof none;

// Building a contract has no effect besides its value: a page's bundle keeps only the
// contracts it calls, not every schema of a module it takes one export from.
// @__NO_SIDE_EFFECTS__
export function defineContract<
  P extends Schema = None,
  Q extends Schema = None,
  B extends Schema = None,
  R extends Schema = Schema,
>(spec: {
  id: string;
  method: HttpMethod;
  path: string;
  auth: AuthKind;
  params?: P;
  query?: Q;
  body?: B;
  response: R;
  maxBodyBytes?: number;
  feature?: string;
  superuserOnly?: boolean;
}): Contract<P, Q, B, R> {
  return {
    ...spec,
    params: (spec.params ?? none) as P,
    query: (spec.query ?? none) as Q,
    body: (spec.body ?? none) as B,
    maxBodyBytes: spec.maxBodyBytes ?? 64 * 1024,
  };
}

export type ParamsOf<C extends Contract> = z.input<C['params']>;
export type QueryOf<C extends Contract> = z.input<C['query']>;
export type BodyOf<C extends Contract> = z.input<C['body']>;
export type ResponseOf<C extends Contract> = z.output<C['response']>;

/** Zod issues as the `fields` map of the error model ("" for the root). */
export function fieldErrors(error: z.core.$ZodError, prefix?: string): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of error.issues) {
    const key = [prefix, ...issue.path.map(String)].filter(Boolean).join('.');
    (fields[key] ??= []).push(issue.message);
  }
  return fields;
}

/** Fills `{name}` placeholders of a contract path. */
export function buildPath(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null || value === '')
      throw new Error(`Missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}
