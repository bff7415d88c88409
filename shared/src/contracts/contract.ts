import * as z from 'zod';
import type { FieldErrors } from '../errors';

/**
 * An HTTP contract: the shape of one route, shared by the Lambda router, the CDK API
 * stack, the local gateway and the SPA's typed client, so none of them can drift.
 * Paths use API Gateway syntax (`/api/things/{id}`).
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** public: no token needed; user: a verified Cognito token is required; apiKey: a store API key. */
export type AuthKind = 'public' | 'user' | 'apiKey';

export interface Contract<
  P extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
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
}

const none = z.object({}).strict();
type None = typeof none;

export function defineContract<
  P extends z.ZodType = None,
  Q extends z.ZodType = None,
  B extends z.ZodType = None,
  R extends z.ZodType = z.ZodType,
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
export function fieldErrors(error: z.ZodError, prefix?: string): FieldErrors {
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
