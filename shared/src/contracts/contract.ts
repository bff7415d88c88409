import * as z from 'zod/mini';
import { ValidationError, type FieldErrors } from '../errors';
import { fieldIssueOf, type FieldIssues } from './field-issues';

/**
 * An HTTP contract: the shape of one route, shared by the Lambda router, the CDK API
 * stack, the local gateway and the SPA's typed client, so none of them can drift.
 * Paths use API Gateway syntax (`/api/things/{id}`).
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** public: no token needed; user: a verified Cognito token is required; apiKey: a store API key. */
export type AuthKind = 'public' | 'user' | 'apiKey';

/**
 * What a route does to the data: `read` changes nothing, `change` changes what someone
 * owns, `plumbing` is the app's own bookkeeping (a WebSocket ticket, feature-seen
 * telemetry) that changes nothing a user owns. Undeclared: GET reads, every other method
 * changes. A superuser's calls while impersonating are audited when they are changes.
 */
export type RouteKind = 'read' | 'change' | 'plumbing';

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
  /** Declared only where the method says otherwise (see RouteKind). */
  kind?: RouteKind;
  /**
   * The body is handed to the route as the raw string it arrived as, unparsed (a signed
   * webhook: the signature covers its exact bytes). The body schema is then `z.string()`.
   */
  rawBody?: boolean;
  /**
   * Allowed while the account is read-only (shared/src/rules/subscription.ts): the routes
   * that let a lapsed account pay again, and the superuser's own tools. Every other `change`
   * answers 402 SUBSCRIPTION_REQUIRED then.
   */
  subscriptionExempt?: boolean;
  /**
   * What the answer is: JSON (the default), or a document for browsers and crawlers (`html`,
   * `xml`) whose handler returns the text and whose response schema is `z.string()`. A document
   * is public and cacheable for a minute (shared/src/http/http-pipeline.ts).
   */
  produces?: 'json' | 'html' | 'xml';
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
  kind?: RouteKind;
  rawBody?: boolean;
  subscriptionExempt?: boolean;
  produces?: 'json' | 'html' | 'xml';
}): Contract<P, Q, B, R> {
  return {
    ...spec,
    params: (spec.params ?? none) as P,
    query: (spec.query ?? none) as Q,
    body: (spec.body ?? none) as B,
    maxBodyBytes: spec.maxBodyBytes ?? 64 * 1024,
  };
}

/** What a route does to the data: its declared kind, else what its method says. */
export function routeKind(contract: Pick<Contract, 'method' | 'kind'>): RouteKind {
  return contract.kind ?? (contract.method === 'GET' ? 'read' : 'change');
}

export type ParamsOf<C extends Contract> = z.input<C['params']>;
export type QueryOf<C extends Contract> = z.input<C['query']>;
export type BodyOf<C extends Contract> = z.input<C['body']>;
export type ResponseOf<C extends Contract> = z.output<C['response']>;

/** Zod issues as the `fields` map of the error model ("" for the root). */
export function fieldErrors(error: z.core.$ZodError, prefix?: string): FieldErrors {
  return describeIssues(error, prefix).fields;
}

/** Zod issues as the error model's `fields` (words) and `issues` (codes), path by path. */
export function describeIssues(
  error: z.core.$ZodError,
  prefix?: string,
): { fields: FieldErrors; issues: FieldIssues } {
  // Maps: a path is made of the input's own keys (a record's `constructor`), which a plain
  // object would answer with what it inherits.
  const fields = new Map<string, string[]>();
  const issues = new Map<string, FieldIssues[string]>();
  const keyOf = (issue: z.core.$ZodIssue) => [prefix, ...issue.path.map(String)].filter(Boolean).join('.');
  // z.int()'s own safe-integer range says less than the field's bound beside it ("at most 999").
  const bounded = new Set(error.issues.filter((i) => !isSafeRange(i)).map(keyOf));
  for (const issue of error.issues) {
    const key = keyOf(issue);
    if (isSafeRange(issue) && bounded.has(key)) continue;
    fields.set(key, [...(fields.get(key) ?? []), issue.message]);
    issues.set(key, [...(issues.get(key) ?? []), fieldIssueOf(issue)]);
  }
  return { fields: Object.fromEntries(fields), issues: Object.fromEntries(issues) };
}

const isSafeRange = (issue: z.core.$ZodIssue) =>
  (issue.code === 'too_big' || issue.code === 'too_small') &&
  issue.origin === 'int' &&
  Math.abs(Number(issue.code === 'too_big' ? issue.maximum : issue.minimum)) === Number.MAX_SAFE_INTEGER;

/** The 400 VALIDATION_FAILED of input a contract refused, with each field's words and codes. */
export function validationError(error: z.core.$ZodError, prefix?: string): ValidationError {
  const { fields, issues } = describeIssues(error, prefix);
  return new ValidationError('Some fields are not valid.', fields, issues);
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
